### The lobby and the browser seat (voice-game server), English.

## lobby (the server)
lobby-web_needs_tls = A page for browsers beyond this computer needs TLS: give --tls-cert and --tls-key, or listen on 127.0.0.1.
lobby-server_failed = The server did not start on port { $port }; perhaps another program uses it.

## lobby.web (the browser page)
lobby-web-title = Voice Game table
lobby-web-heading = Voice Game
lobby-web-command = Command
lobby-web-keys = Keys
lobby-web-send = Send
lobby-web-log = What the game says
lobby-web-name = Your name
lobby-web-code = Code
lobby-web-join = Join
lobby-web-joining = Joining the table.
lobby-web-connect_failed = The server does not answer. Try again in a moment.
lobby-web-bad_code = That code opens no seat. Check it and try again.
lobby-web-no_host = The table does not answer. Its host may have stopped.
lobby-web-over = The game is over. You can close this page.
lobby-web-left = You left the table.
lobby-web-taken = Your seat is now played on another device. This page stops here.
lobby-web-speech = Speak with the browser's voice
lobby-web-state_your_turn = Your turn
lobby-web-state_waiting = Waiting
lobby-web-state_over = Game over
lobby-web-typing = Type a command, then press Enter.
lobby-web-history_none = Nothing there.
lobby-web-history_slow = You are reading the history too fast. The rest follows in a moment.
lobby-web-waiting_start = You have a seat. The game starts when its host starts it.
lobby-web-help_keys = Keys: single keys act at once, as in the terminal: D draws, 1 to 9 pick, T whose turn, R repeat, question mark help, K all keys. Comma and period go through the lines, Enter types a command.

## lobby.error (said to one player; nothing changed)
lobby-error-bad_name = A name has 1 to 24 letters, digits, spaces or dashes, and starts with a letter.
lobby-error-bad_secret = Your lobby key is damaged. Delete the lobby file in your settings folder and connect again.
lobby-error-wrong_secret = The name { $name } belongs to another player. Choose another name.
lobby-error-too_many = Too many tries. Wait a minute, then try again.
lobby-error-bad_code = That is no code. A code is three words or six digits.
lobby-error-unknown = No open table has that code. It may have expired; ask for a new one.
lobby-error-no_table = That table is gone.
lobby-error-not_waiting = That table has already started.
lobby-error-no_seat = That table has no free seat.
lobby-error-name_taken = Somebody at that table already has your name.
lobby-error-not_owner = Only the player who opened the table can start it.
lobby-error-too_few = The game needs at least { $min ->
    [one] one player
   *[other] { $min } players
}.
lobby-error-bad_size = The game has { $min } to { $max ->
    [one] one seat
   *[other] { $max } seats
}.
lobby-error-bad_variant = The game has no such variant.
lobby-error-unknown_game = The server has no such game.
lobby-error-full_server = The server has no room for another table right now.
lobby-error-no_bots = That game has no bots.
lobby-error-not_playing = That table is not playing yet.
lobby-error-bad_request = The server did not understand the request.
lobby-error-unknown_request = The server did not understand the request.
lobby-error-no_server = No lobby answers at { $server }.
lobby-error-removed = The host of that table removed you from it.
lobby-error-barred = The keeper of this server has barred your name.
lobby-error-not_owner_remove = Only the player who opened the table can remove players.
lobby-error-no_such_seat = Nobody sits on that seat.
lobby-error-remove_self = To go yourself, choose Leave the table.

## lobby.menu (the start menu's lobby)
lobby-menu-entry = Lobby: meet other players
lobby-menu-title = Lobby
lobby-menu-welcome = Welcome to the lobby, { $name }.
lobby-menu-ask_name = Type your name for the lobby.
lobby-menu-tables = Open tables
lobby-menu-tables_title = Open tables
lobby-menu-no_tables = No table is open. Open one yourself.
lobby-menu-table = Table { $number }: { $game }, { $state ->
    [playing] playing
   *[other] waiting
    }, { $language }, variants: { $variants }. { $free ->
    [0] No seat free
    [one] One seat free
   *[other] { $free } seats free
    }: { $players }.
lobby-menu-free_seat = free seat
lobby-menu-no_variants = none
lobby-menu-open = Open a table: { $game }, { $humans } humans and { $bots } bots, as set up in its game menu
lobby-menu-code = Join with a code
lobby-menu-ask_code = Say or type the code: three words or six digits.
lobby-menu-name = Your name: { $name }
lobby-menu-invite_is = The invitation code: { $words }. Or in digits: { $digits }. It holds for ten minutes.
lobby-menu-waiting_title = Your table
lobby-menu-seats = Who sits here
lobby-menu-invite = Invitation code
lobby-menu-add_bot = Add a bot
lobby-menu-start = Start the game
lobby-menu-wait = Wait for the start
lobby-menu-leave = Leave the table
lobby-menu-waiting = Waiting for the start. At the table: { $players }.
lobby-menu-back_in = Back in the lobby.
lobby-menu-table_closed = The table was closed.
lobby-menu-remove = Remove a player
lobby-menu-remove_title = Remove whom?
lobby-menu-nobody_to_remove = Nobody else sits at your table.
lobby-menu-removed_one = { $name } is no longer at your table and cannot sit there again.
lobby-menu-you_were_removed = The host removed you from the table.
