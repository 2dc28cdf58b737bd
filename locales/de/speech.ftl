### Voice input (German).

## speech
speech-engine_started = Spracheingabe mit { $engine }. Sprich deinen Befehl, wenn du dran bist; tippen geht immer.
speech-engine_started_push = Spracheingabe mit { $engine }. Drück Enter auf einer leeren Zeile und sprich dann einen Befehl.
speech-no_engine = Keine Spracherkennung verfügbar, du spielst mit der Tastatur.
speech-no_model = Für { $lang } ist kein Vosk-Sprachmodell installiert. Installieren mit: voice-game models install { $lang }. Bis dahin spielst du mit der Tastatur.
speech-bad_model = Im Ordner { $path } finde ich kein brauchbares Vosk-Sprachmodell. Du spielst mit der Tastatur.
speech-no_microphone = Kein Mikrofon gefunden, du spielst mit der Tastatur.
speech-no_sound = Das Tonsystem funktioniert hier nicht, darum spielst du mit der Tastatur.
speech-mic_not_found = Es gibt kein Mikrofon namens „{ $name }“, darum spielst du mit der Tastatur.
speech-microphone_lost = Das Mikrofon ist weg. Tippen geht weiter.
speech-listening = Ich höre.
speech-missing_words =
    { $count ->
        [one] Ein Wort kennt die Spracherkennung nicht: { $words }.
       *[other] { $count } Wörter kennt die Spracherkennung nicht: { $words }.
    }
speech-no_echo_canceller = Die Echounterdrückung fehlt: Während ich spreche, höre ich nicht zu.
speech-half_duplex_engine = Nur Whisper hört dich, während ich spreche.
speech-no_monitor = Der Soundserver hat keinen Wiedergabe-Monitor: Während der Screenreader spricht, höre ich nicht zu.
