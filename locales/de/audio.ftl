### Klang, Sprachausgabe, Einstellungen und die Klanggalerie (Deutsch).


## audio

audio-device_lost = Das Audiogerät ist weg. Das Spiel geht als Text weiter, nichts geht verloren.
audio-device_back = Der Ton ist wieder da.
audio-no_sound = Das Tonsystem funktioniert hier nicht, darum schreibe ich Text und du spielst mit der Tastatur.
audio-screenreader_mute = Der Bildschirmleser spricht hier nicht, darum schreibe ich stattdessen Text.
audio-screenreader_missing = Hier ist kein Screenreader erreichbar. Ich spreche mit der eigenen Stimme des Spiels.
audio-voice = Stimme { $voice }.
audio-cue_volume = Lautstärke der Klänge { $volume } Prozent.
audio-settings_broken = Die Einstellungsdatei { $path } ließ sich nicht lesen, darum gelten die Standardeinstellungen. Die beschädigte Datei liegt jetzt unter { $backup }.
audio-settings_invalid = Einige Einstellungen waren ungültig und stehen wieder auf Standard: { $keys }.
audio-settings_save_failed = Die Einstellungen konnten nicht gespeichert werden: { $problem }. Sie gelten bis zum Spielende.
audio-verbosity_set = { $what }: { $level }.

## audio.kind

audio-kind-turn = Spielzüge
audio-kind-draw = Gezogene Karten
audio-kind-place = Gelegte Karten
audio-kind-take = Genommene Reihen
audio-kind-bot = Züge der anderen
audio-kind-score = Punkte
audio-kind-table = Tischübersicht

## audio.level

audio-level-full = gesprochen
audio-level-cue = nur Klang
audio-level-off = aus

## gallery

gallery-intro =
    Klanggalerie mit { $count ->
        [one] einem Klang
       *[other] { $count } Klängen
    }. Weiter, zurück, wiederholen oder beenden; eine Zahl springt zu diesem Klang; die Eingabetaste spielt den nächsten.
gallery-item = { $number } von { $count }: { $name }.
gallery-first = Das ist der erste Klang.
gallery-last = Das war der letzte Klang. Sag zurück, eine Zahl oder beenden.
gallery-not_understood = Nicht verstanden. Sag weiter, zurück, wiederholen, eine Zahl von 1 bis { $count } oder beenden.
gallery-bye = Klanggalerie geschlossen.

## sound.family

sound-family-tuba = Tuba-Bär
sound-family-violin = Geigen-Katze
sound-family-flute = Flöten-Frosch
sound-family-drum = Trommel-Elefant
sound-family-trumpet = Trompeten-Fuchs
sound-family-harp = Harfen-Eule
sound-family-cello = Cello-Hase
sound-family-triangle = Triangel-Maus

## sound.instrument

sound-instrument-strings = Instrument: Streicher
sound-instrument-woodwinds = Instrument: Holzbläser
sound-instrument-brass = Instrument: Blechbläser
sound-instrument-misc = Instrument: Sonstige
sound-instrument-percussion = Instrument: Schlagwerk
sound-instrument-vocals = Instrument: Gesang
sound-instrument-piano = Instrument: Klavier
sound-instrument-choir = Instrument: Chor
sound-instrument-guitar = Instrument: Gitarre

## sound.pattern

sound-pattern-up-down = Schlagmuster Auf und ab: steigend und fallend
sound-pattern-left-right = Schlagmuster Links rechts: ein Schwenk von links nach rechts
sound-pattern-circle = Schlagmuster Kreis: dreht sich um dich herum
sound-pattern-stab = Schlagmuster Stich: ein scharfer Schlag in der Mitte
sound-pattern-cross = Schlagmuster Kreuz: zwei sich kreuzende Schwenks
sound-pattern-swoosh = Schlagmuster Schwung: ein schnelles Gleiten von rechts nach links

## sound.event

sound-event-draw = Karte ziehen
sound-event-place = Karte legen
sound-event-take = Reihe nehmen
sound-event-your_turn = Du bist dran
sound-event-error = Fehler
sound-event-round_end = Rundenende
sound-event-game_end = Spielende
sound-event-applause = Applaus
sound-event-boos = Buhrufe
sound-event-win = Sieg
sound-event-confirm = Bestätigung
sound-event-menu_move = Menü weiter
sound-event-menu_select = Menü auswählen
sound-event-voice_on = Das Mikrofon hört zu

## sound.event.turn

sound-event-turn-1 = Zug von Platz 1, ganz links
sound-event-turn-2 = Zug von Platz 2
sound-event-turn-3 = Zug von Platz 3
sound-event-turn-4 = Zug von Platz 4
sound-event-turn-5 = Zug von Platz 5, ganz rechts
