### Online tables (voice-game host / join / watch), English.

## online
online-not_your_turn = It is not your turn. { $player } is playing now.
online-saved = The table saves by itself after every move.
online-joined = { $player } is at the table now.
online-left_table = You leave the table. Your code brings you back at any time.
online-bad_code = This code fits no seat. A code looks like this: table, seat number and secret, with hyphens.
online-bad_table = That is not a table name. A table name has ten letters and digits.
online-connect_failed = The server { $server } does not let you in: it cannot be reached or the code is wrong.
online-no_host = The table does not answer. Is the host still running?
online-history_start =
    { $count ->
        [one] What you missed, one message:
       *[other] What you missed, { $count } messages:
    }
online-history_end = That is everything you missed.
online-history_slow = You are reading the history too fast. The rest follows in a moment.
online-closed_by_keeper = The hub's keeper has closed this table. The game ends here.
online-close_asked = Table { $table } is closed: a running server ends it within seconds.
online-input_ended = No more input. You leave the table; your code brings you back.
online-no_nats_server = nats-server is not installed. On Debian: apt-get install nats-server.
online-barred_now = { $count ->
    [0] No name is barred.
    [one] Barred: { $names }.
   *[other] { $count } names barred: { $names }.
}
online-no_server_dir = The folder { $folder } holds no server setup. Start voice-game server first.
online-reload_failed = The server did not take the new seats. Is it running with the folder { $folder }?
online-snapshot_damaged = The saved game of table { $table } is damaged.
online-no_table = There is no table { $table } with a saved game on this server.
online-waiting = The table is still waiting for: { $players }.
online-standin = { $player } is away. A bot plays for { $player } until { $player } returns.
online-standin_over = { $player } is back and plays again.
online-table_over = The game at this table is already over.
online-took_over = You play this seat on this device now; the other device at it stops.
online-seat_taken = Your seat is now played on another device. This one stops here.
online-chat = { $player } says: { $text }
online-chat_you = You say: { $text }
online-help_waiting = Until it is your turn you can say: { $commands }. For the table chat: { $chat }, a colon and your text.

## online.refused
online-refused-too_big = Refused: this message is too long.
online-refused-malformed = Refused: the table does not understand this message.
online-refused-wrong_seat = Refused: you can only play for your own seat.
online-refused-too_fast = Refused: you are sending too fast. Wait a moment.
online-refused-chat_too_fast = Refused: you are chatting too fast. The others did not hear it. Wait a moment.

## online.menu
online-menu-entry = Play online
online-menu-title = Play online
online-menu-join = Join a table
online-menu-watch = Watch a table
online-menu-ask_join = Type your code. If the server does not run at { $server }, type its address after it, for example nats://192.168.1.5:4222.
online-menu-ask_watch = Type the table's name. If the server does not run at { $server }, type its address after it.
online-menu-host = Open a table: { $game }, as set up in its game menu
online-menu-opening = Opening your table on { $server }. This takes a few seconds.
online-menu-still_opening = The table is still opening. Please wait.
online-menu-open_failed = The table could not be opened on { $server }.
online-menu-open_too_long = The table did not open within { $seconds } seconds; this computer may be very busy. Try again later.
online-menu-hosted = Your table { $table } is open on { $server }. Give the other players their codes; anybody can watch with the table's name.
online-menu-code = Code for { $player }: { $code }
online-menu-start_server = No server answers at { $server }. Shall I start one on this computer for your table? Yes or no.
online-menu-server_started = The server runs on this computer at { $server } until you close the game.
online-menu-no_nats_server = To open a table, this computer needs nats-server: install it (on Debian: apt-get install nats-server), or set VOICE_GAME_SERVER to the address of a running server.
online-menu-server_failed = The server did not start at { $server }; perhaps another program uses that port.
