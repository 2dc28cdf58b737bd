### Voice input (English).

## speech
speech-engine_started = Voice input with { $engine }. Say your command when it is your turn; typing always works.
speech-engine_started_push = Voice input with { $engine }. Press Enter on an empty line, then say one command.
speech-no_engine = No speech recognition available, you play with the keyboard.
speech-no_model = No Vosk speech model is installed for { $lang }. Install one with: voice-game models install { $lang }. Until then you play with the keyboard.
speech-bad_model = The folder { $path } holds no usable Vosk speech model. You play with the keyboard.
speech-no_microphone = No microphone found, you play with the keyboard.
speech-no_sound = The sound system does not work here, so you play with the keyboard.
speech-mic_not_found = There is no microphone called “{ $name }”, so you play with the keyboard.
speech-microphone_lost = The microphone is gone. Typing still works.
speech-listening = Listening.
speech-missing_words =
    { $count ->
        [one] One word is unknown to the speech recognizer: { $words }.
       *[other] { $count } words are unknown to the speech recognizer: { $words }.
    }
speech-no_echo_canceller = The echo canceller is missing: I do not listen while I speak.
speech-half_duplex_engine = Only Whisper hears you while I speak.
speech-no_monitor = The sound server has no playback monitor: I do not listen while the screen reader speaks.
