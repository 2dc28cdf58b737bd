### Start menu and key help (German).


## menu

menu-first_run = Willkommen bei voice game! Das ist dein erster Start. Möchtest du zuerst das Tutorial für { $game } hören? Ja oder nein.
menu-title_main = Hauptmenü
menu-main = Hauptmenü
menu-title_items = { $title }: { $items }.
menu-numbered = { $number }: { $label }
menu-items = { $items }.
menu-how = Sag eine Nummer von 1 bis { $count } oder einen Namen. Zurück geht eine Ebene zurück.
menu-item = { $label }, { $number } von { $count }
menu-keys_help = Pfeiltasten wählen, Eingabe bestätigt, links und rechts ändern einen Wert, ein Buchstabe springt, Escape geht zurück, Schrägstrich zum Tippen.
menu-not_understood = Nicht verstanden. Sag eine Nummer von 1 bis { $count }, oder Hilfe.
menu-no_such_number = Die Nummer { $number } gibt es hier nicht, nur 1 bis { $count }.
menu-not_here = Das gibt es in diesem Menü nicht. Sag eine Nummer von 1 bis { $count }.
menu-bad_value = Der Wert { $number } geht hier nicht.
menu-back_in = Zurück im { $title }.
menu-back_in_settings = Zurück in den Einstellungen.
menu-play = { $game } spielen
menu-tutorials = Tutorials
menu-sounds = Klanggalerie
menu-settings = Einstellungen
menu-resume = Spielstand fortsetzen
menu-exit = Beenden
menu-back = Zurück
menu-start = Spiel starten
menu-on = an
menu-off = aus
menu-humans =
    { $count ->
        [one] Ein Mensch
       *[other] { $count } Menschen
    }
menu-names =
    { $count ->
        [one] Name: { $names }
       *[other] Namen: { $names }
    }
menu-names_ask =
    { $count ->
        [one] Sag oder tippe deinen Namen. Eingabe ohne Text lässt ihn, wie er ist.
       *[other] Sag oder tippe die { $count } Namen, zum Beispiel: Anna und Ben; getippt durch Komma getrennt. Eingabe ohne Text lässt sie, wie sie sind.
    }
menu-names_kept = Die Namen bleiben.
menu-names_bad = { $name } geht als Name nicht: höchstens { $max } Zeichen, ohne Doppelpunkt, und jeder Name nur einmal.
menu-bots =
    { $count ->
        [0] Keine Bots
        [one] Ein Bot
       *[other] { $count } Bots
    }
menu-level = Bot-Stufe: { $level }
menu-level_none = Bots gibt es für dieses Spiel noch nicht
menu-variant = { $name }: { $state }
menu-bad_count =
    { $count ->
        [one] Ein Spieler geht nicht
       *[other] { $count } Spieler gehen nicht
    }; es braucht { $min } bis { $max }. Ändere Menschen oder Bots.
menu-course_done = { $name }, abgeschlossen
menu-course_started = { $name }, angefangen
menu-sounds_missing = Die Klanggalerie ist in dieser Version noch nicht da.
menu-language = Sprache: { $name }
menu-rate = Sprechtempo: { $rate }
menu-detail = Ansagen: { $level }
menu-detail_name-brief = kurz
menu-detail_name-default = normal
menu-detail_name-verbose = ausführlich
menu-verbosity = Ansagen je Art
menu-verbosity_kind = { $what }: { $level }
menu-volume = Lautstärke der Stimme: { $volume } Prozent
menu-cue_volume = Lautstärke der Klänge: { $volume } Prozent
menu-voice = Stimme: { $name }
menu-listening = Zuhören, während das Spiel spricht: { $mode }
menu-listening_name-full = immer, mit Echounterdrückung
menu-listening_name-headphones = immer, mit Kopfhörern
menu-listening_name-half = abwechselnd
menu-voice_default = Standard
# a voice's name as heard: its family, then the variant (pico en-GB, mbrola de2, espeak en-us)
menu-voice_name = { $family ->
    [pico] SVOX Pico { $variant }
    [mbrola] MBROLA { $variant }
   *[espeak] { $variant }
}
menu-keys = Tastenbelegung vorlesen
menu-resume_game = { $name } fortsetzen
menu-no_saves = Es gibt keinen unterbrochenen Spielstand.
menu-replace_save = Es gibt einen unterbrochenen Spielstand von { $name }. Ein neues Spiel beginnen und ihn verwerfen? Ja oder nein.
menu-saves_unusable = Der Ordner für Spielstände, { $path }, ist nicht nutzbar; dieses Spiel wird darum nicht gespeichert.
menu-kept_save = Dein Spielstand bleibt erhalten. Wähle im Hauptmenü Fortsetzen, um weiterzuspielen.

## menu.level_name

menu-level_name-bot = normal
menu-level_name-bot-easy = leicht
menu-level_name-bot-strong = stark
menu-level_name-bot-random = Zufall

## menu

menu-language_name-de = Deutsch
menu-language_name-en = Englisch

## keys

keys-digits = { $first } bis { $last }
keys-hint = Taste K liest alle Tasten vor.
keys-line = { $keys }: { $action }
keys-nothing_for_number = Zur Nummer { $number } gibt es gerade nichts zu tun.
keys-number_not_enough = Die { $number } allein reicht dafür nicht. Sag es ganz, zum Beispiel: { $example }.

## keys.action

keys-action-talk = Sprechtaste: einen Befehl sprechen
keys-action-keys = Tastenliste vorlesen
keys-action-help = Hilfe, was jetzt geht
keys-action-escape = zurück, Frage verneinen oder sagen, was jetzt geht
keys-action-type = einen Befehl tippen
keys-action-draw = ziehen
keys-action-pass = ohne Dirigenten beenden
keys-action-pick = Nummer wählen: Dirigent, Instrument oder Stück
keys-action-yes = ja
keys-action-no = nein
keys-action-whose_turn = wer ist dran
keys-action-scores = Punkte
keys-action-repeat = wiederholen
keys-action-table = Tischübersicht
keys-action-my_cards = meine Karten
keys-action-rules = Regeln
keys-action-previous = vorherige Nachricht
keys-action-next_message = nächste Nachricht
keys-action-oldest = älteste Nachricht
keys-action-newest = neueste Nachricht
keys-action-slower = langsamer sprechen
keys-action-faster = schneller sprechen
keys-action-louder = lauter
keys-action-quieter = leiser
keys-action-verbosity = ausführlich oder kurz
keys-action-save = speichern
keys-action-quit = Spiel verlassen
keys-action-next = im Tutorial: weiter
keys-action-back = im Tutorial: zurück
keys-action-skip = im Tutorial: überspringen
keys-action-end_tutorial = Tutorial beenden

## keys.name

keys-name-space = Leertaste
keys-name-enter = Eingabe
keys-name-escape = Escape
keys-name-backspace = Rücktaste
keys-name-up = Pfeil hoch
keys-name-down = Pfeil runter
keys-name-left = Pfeil links
keys-name-right = Pfeil rechts
keys-name-home = Pos1
keys-name-end = Ende
keys-name-pageup = Bild hoch
keys-name-pagedown = Bild runter
keys-name-f1 = F1
keys-name-f2 = F2
keys-name-_2c = Komma
keys-name-_2e = Punkt
keys-name-_3c = Kleiner-Zeichen
keys-name-_3e = Größer-Zeichen
keys-name-_3b = Semikolon
keys-name-_3a = Doppelpunkt
keys-name-_2d = Minus
keys-name-_2b = Plus
keys-name-_3d = Gleich
keys-name-_2f = Schrägstrich
keys-name-_3f = Fragezeichen
# a value out of the entry's range or unknown: one sentence, nothing changed
menu-value_range = Das geht nur von { $low } bis { $high }.
menu-value_names = Hier geht: { $names }.
menu-names_confirm = { $names }? Ja oder nein.
menu-names_again = Sag die Namen noch einmal.
menu-leave_confirm = Das Programm beenden? Ja oder nein.
