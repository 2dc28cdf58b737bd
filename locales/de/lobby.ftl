### Die Lobby und der Platz im Browser (voice-game server), Deutsch.

## lobby (der Server)
lobby-web_needs_tls = Eine Seite für Browser außerhalb dieses Computers braucht TLS: gib --tls-cert und --tls-key an, oder lausche auf 127.0.0.1.
lobby-server_failed = Der Server ist auf Port { $port } nicht gestartet; vielleicht benutzt ihn ein anderes Programm.

## lobby.web (die Seite im Browser)
lobby-web-title = Voice-Game-Tisch
lobby-web-heading = Voice Game
lobby-web-command = Befehl
lobby-web-keys = Tasten
lobby-web-send = Senden
lobby-web-log = Was das Spiel sagt
lobby-web-name = Dein Name
lobby-web-code = Code
lobby-web-join = Beitreten
lobby-web-joining = Du setzt dich an den Tisch.
lobby-web-connect_failed = Der Server antwortet nicht. Versuch es gleich noch einmal.
lobby-web-bad_code = Dieser Code öffnet keinen Platz. Prüfe ihn und versuch es noch einmal.
lobby-web-no_host = Der Tisch antwortet nicht. Sein Host ist vielleicht beendet.
lobby-web-over = Das Spiel ist aus. Du kannst diese Seite schließen.
lobby-web-left = Du hast den Tisch verlassen.
lobby-web-taken = Dein Platz wird jetzt auf einem anderen Gerät gespielt. Diese Seite hört hier auf.
lobby-web-speech = Mit der Stimme des Browsers sprechen
lobby-web-state_your_turn = Du bist dran
lobby-web-state_waiting = Warten
lobby-web-state_over = Spiel vorbei
lobby-web-typing = Tippe einen Befehl, dann Eingabe.
lobby-web-history_none = Da ist nichts.
lobby-web-history_slow = Du liest den Verlauf zu schnell. Der Rest kommt gleich.
lobby-web-waiting_start = Du hast einen Platz. Das Spiel beginnt, wenn sein Gastgeber es startet.
lobby-web-help_keys = Tasten: einzelne Tasten wirken sofort, wie im Terminal: D zieht, 1 bis 9 wählen, T wer dran ist, R wiederholen, Fragezeichen Hilfe, K alle Tasten. Komma und Punkt gehen durch die Zeilen, Eingabe tippt einen Befehl.

## lobby.error (einem Spieler gesagt; nichts hat sich geändert)
lobby-error-bad_name = Ein Name hat 1 bis 24 Buchstaben, Ziffern, Leerzeichen oder Bindestriche und beginnt mit einem Buchstaben.
lobby-error-bad_secret = Dein Lobby-Schlüssel ist beschädigt. Lösche die Lobby-Datei in deinem Einstellungsordner und verbinde dich neu.
lobby-error-wrong_secret = Der Name { $name } gehört einem anderen Spieler. Wähle einen anderen Namen.
lobby-error-too_many = Zu viele Versuche. Warte eine Minute, dann versuch es noch einmal.
lobby-error-bad_code = Das ist kein Code. Ein Code sind drei Wörter oder sechs Ziffern.
lobby-error-unknown = Kein offener Tisch hat diesen Code. Vielleicht ist er abgelaufen; frag nach einem neuen.
lobby-error-no_table = Diesen Tisch gibt es nicht mehr.
lobby-error-not_waiting = Dieser Tisch hat schon angefangen.
lobby-error-no_seat = An diesem Tisch ist kein Platz frei.
lobby-error-name_taken = An diesem Tisch hat schon jemand deinen Namen.
lobby-error-not_owner = Nur wer den Tisch eröffnet hat, kann ihn starten.
lobby-error-too_few = Das Spiel braucht mindestens { $min ->
    [one] einen Spieler
   *[other] { $min } Spieler
}.
lobby-error-bad_size = Das Spiel hat { $min } bis { $max ->
    [one] einen Platz
   *[other] { $max } Plätze
}.
lobby-error-bad_variant = Diese Variante hat das Spiel nicht.
lobby-error-unknown_game = Dieses Spiel hat der Server nicht.
lobby-error-full_server = Der Server hat gerade keinen Platz für einen weiteren Tisch.
lobby-error-no_bots = Dieses Spiel hat keine Bots.
lobby-error-not_playing = Dieser Tisch spielt noch nicht.
lobby-error-bad_request = Der Server hat die Anfrage nicht verstanden.
lobby-error-unknown_request = Der Server hat die Anfrage nicht verstanden.
lobby-error-no_server = Unter { $server } antwortet keine Lobby.
lobby-error-removed = Der Gastgeber dieses Tisches hat dich entfernt.
lobby-error-barred = Der Betreiber dieses Servers hat deinen Namen gesperrt.
lobby-error-not_owner_remove = Nur wer den Tisch eröffnet hat, kann Spieler entfernen.
lobby-error-no_such_seat = Auf diesem Platz sitzt niemand.
lobby-error-remove_self = Um selbst zu gehen, wähle Tisch verlassen.

## lobby.menu (die Lobby im Startmenü)
lobby-menu-entry = Lobby: andere Spieler treffen
lobby-menu-title = Lobby
lobby-menu-welcome = Willkommen in der Lobby, { $name }.
lobby-menu-ask_name = Tippe deinen Namen für die Lobby.
lobby-menu-tables = Offene Tische
lobby-menu-tables_title = Offene Tische
lobby-menu-no_tables = Kein Tisch ist offen. Eröffne selbst einen.
lobby-menu-table = Tisch { $number }: { $game }, { $state ->
    [playing] spielt gerade
   *[other] wartet
    }, { $language }, Varianten: { $variants }. { $free ->
    [0] Kein Platz frei
    [one] Ein Platz frei
   *[other] { $free } Plätze frei
    }: { $players }.
lobby-menu-free_seat = freier Platz
lobby-menu-no_variants = keine
lobby-menu-open = Tisch eröffnen: { $game }, { $humans } Menschen und { $bots } Bots, wie in seinem Spielmenü eingestellt
lobby-menu-code = Mit Code beitreten
lobby-menu-ask_code = Sag oder tippe den Code: drei Wörter oder sechs Ziffern.
lobby-menu-name = Dein Name: { $name }
lobby-menu-invite_is = Der Einladungscode: { $words }. Oder in Ziffern: { $digits }. Er gilt zehn Minuten.
lobby-menu-waiting_title = Dein Tisch
lobby-menu-seats = Wer sitzt hier
lobby-menu-invite = Einladungscode
lobby-menu-add_bot = Bot dazusetzen
lobby-menu-start = Spiel starten
lobby-menu-wait = Auf den Start warten
lobby-menu-leave = Tisch verlassen
lobby-menu-waiting = Warten auf den Start. Am Tisch: { $players }.
lobby-menu-back_in = Zurück in der Lobby.
lobby-menu-table_closed = Der Tisch wurde geschlossen.
lobby-menu-remove = Spieler entfernen
lobby-menu-remove_title = Wen entfernen?
lobby-menu-nobody_to_remove = Außer dir sitzt niemand an deinem Tisch.
lobby-menu-removed_one = { $name } sitzt nicht mehr an deinem Tisch und kann sich nicht wieder setzen.
lobby-menu-you_were_removed = Der Gastgeber hat dich vom Tisch entfernt.
