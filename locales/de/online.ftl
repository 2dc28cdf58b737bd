### Online-Tische (voice-game host / join / watch), Deutsch.

## online
online-not_your_turn = Du bist nicht dran. Gerade ist { $player } am Zug.
online-saved = Der Tisch speichert nach jedem Zug selbst.
online-joined = { $player } sitzt jetzt am Tisch.
online-left_table = Du verlässt den Tisch. Mit deinem Code kommst du jederzeit zurück.
online-bad_code = Dieser Code passt zu keinem Platz. Ein Code sieht so aus: Tisch, Platznummer und Geheimzahl, mit Bindestrichen.
online-bad_table = Das ist kein Tischname. Ein Tischname hat zehn Buchstaben und Ziffern.
online-connect_failed = Der Server { $server } lässt dich nicht herein: nicht erreichbar oder der Code stimmt nicht.
online-no_host = Der Tisch antwortet nicht. Läuft der Gastgeber noch?
online-history_start =
    { $count ->
        [one] Was du verpasst hast, eine Nachricht:
       *[other] Was du verpasst hast, { $count } Nachrichten:
    }
online-history_end = Das war alles, was du verpasst hast.
online-history_slow = Du liest den Verlauf zu schnell. Der Rest kommt gleich.
online-closed_by_keeper = Der Betreiber hat diesen Tisch geschlossen. Das Spiel endet hier.
online-close_asked = Tisch { $table } ist geschlossen: Ein laufender Server beendet ihn in wenigen Sekunden.
online-input_ended = Keine Eingabe mehr. Du verlässt den Tisch; mit deinem Code kommst du zurück.
online-no_nats_server = nats-server ist nicht installiert. Unter Debian: apt-get install nats-server.
online-barred_now = { $count ->
    [0] Kein Name ist gesperrt.
    [one] Gesperrt: { $names }.
   *[other] { $count } Namen gesperrt: { $names }.
}
online-no_server_dir = Im Ordner { $folder } ist kein Server eingerichtet. Starte zuerst voice-game server.
online-reload_failed = Der Server hat die neuen Plätze nicht übernommen. Läuft er mit dem Ordner { $folder }?
online-snapshot_damaged = Der Spielstand des Tisches { $table } ist beschädigt.
online-no_table = Einen Tisch { $table } mit Spielstand gibt es auf diesem Server nicht.
online-waiting = Der Tisch wartet noch auf: { $players }.
online-standin = { $player } ist nicht da. Ein Bot spielt für { $player }, bis { $player } zurückkommt.
online-standin_over = { $player } ist zurück und spielt wieder selbst.
online-table_over = Das Spiel an diesem Tisch ist schon zu Ende.
online-took_over = Du spielst diesen Platz jetzt auf diesem Gerät; das andere Gerät an ihm hört auf.
online-seat_taken = Dein Platz wird jetzt auf einem anderen Gerät gespielt. Dieses hört hier auf.
online-chat = { $player } sagt: { $text }
online-chat_you = Du sagst: { $text }
online-help_waiting = Bis du dran bist, geht: { $commands }. Für den Tisch-Chat: { $chat }, Doppelpunkt und dein Text.

## online.refused
online-refused-too_big = Abgelehnt: Diese Nachricht ist zu lang.
online-refused-malformed = Abgelehnt: Diese Nachricht versteht der Tisch nicht.
online-refused-wrong_seat = Abgelehnt: Du kannst nur für deinen eigenen Platz spielen.
online-refused-too_fast = Abgelehnt: Du sendest zu schnell. Warte einen Moment.
online-refused-chat_too_fast = Abgelehnt: Du schreibst zu schnell. Die anderen haben es nicht gehört. Warte einen Moment.

## online.menu
online-menu-entry = Online spielen
online-menu-title = Online spielen
online-menu-join = Einem Tisch beitreten
online-menu-watch = Einem Tisch zuschauen
online-menu-ask_join = Tippe deinen Code. Läuft der Server nicht auf { $server }, tippe dahinter seine Adresse, zum Beispiel nats://192.168.1.5:4222.
online-menu-ask_watch = Tippe den Namen des Tisches. Läuft der Server nicht auf { $server }, tippe dahinter seine Adresse.
online-menu-host = Einen Tisch eröffnen: { $game }, wie im Spielmenü eingestellt
online-menu-opening = Dein Tisch wird auf { $server } eröffnet. Das dauert ein paar Sekunden.
online-menu-still_opening = Der Tisch wird noch eröffnet. Bitte warte.
online-menu-open_failed = Der Tisch konnte auf { $server } nicht eröffnet werden.
online-menu-open_too_long = Der Tisch ist nicht innerhalb von { $seconds } Sekunden eröffnet worden; dieser Computer ist vielleicht sehr beschäftigt. Versuche es später noch einmal.
online-menu-hosted = Dein Tisch { $table } ist offen auf { $server }. Gib deinen Mitspielern ihre Codes; zuschauen kann man mit dem Tischnamen.
online-menu-code = Code für { $player }: { $code }
online-menu-start_server = Auf { $server } antwortet kein Server. Soll ich auf diesem Computer einen für deinen Tisch starten? Ja oder nein.
online-menu-server_started = Der Server läuft auf diesem Computer unter { $server }, bis du das Spiel schließt.
online-menu-no_nats_server = Zum Eröffnen eines Tisches braucht dieser Computer nats-server: Installiere ihn (unter Debian: apt-get install nats-server) oder setze VOICE_GAME_SERVER auf die Adresse eines laufenden Servers.
online-menu-server_failed = Der Server ist auf { $server } nicht gestartet; vielleicht benutzt ein anderes Programm diesen Port.
