### Sound, speech output, settings and the sound gallery (English).


## audio

audio-device_lost = The sound device is gone. The game goes on in text; nothing is lost.
audio-device_back = Sound is back.
audio-no_sound = The sound system does not work here, so I write text and you play with the keyboard.
audio-screenreader_mute = The screen reader does not speak here, so I will write text instead.
audio-screenreader_missing = No screen reader connection is available here. I will use the game's own voice.
audio-voice = Voice { $voice }.
audio-cue_volume = Sound effects volume { $volume } percent.
audio-settings_broken = The settings file { $path } could not be read, so I am using the default settings. The damaged file was kept as { $backup }.
audio-settings_invalid = Some settings were not valid and are back to their defaults: { $keys }.
audio-settings_save_failed = The settings could not be saved: { $problem }. They apply until the game ends.
audio-verbosity_set = { $what }: { $level }.

## audio.kind

audio-kind-turn = Turns
audio-kind-draw = Drawn cards
audio-kind-place = Placed cards
audio-kind-take = Taken rows
audio-kind-bot = Other players' moves
audio-kind-score = Scores
audio-kind-table = Table overview

## audio.level

audio-level-full = spoken
audio-level-cue = sound only
audio-level-off = off

## gallery

gallery-intro =
    Sound gallery with { $count ->
        [one] one sound
       *[other] { $count } sounds
    }. Next, previous, repeat, or quit; a number jumps to that sound; Enter plays the next one.
gallery-item = { $number } of { $count }: { $name }.
gallery-first = This is the first sound.
gallery-last = That was the last sound. Say previous, a number, or quit.
gallery-not_understood = Not understood. Say next, previous, repeat, a number from 1 to { $count }, or quit.
gallery-bye = Sound gallery closed.

## sound.family

sound-family-tuba = Tuba bear
sound-family-violin = Violin cat
sound-family-flute = Flute frog
sound-family-drum = Drum elephant
sound-family-trumpet = Trumpet fox
sound-family-harp = Harp owl
sound-family-cello = Cello hare
sound-family-triangle = Triangle mouse

## sound.instrument

sound-instrument-strings = Instrument: strings
sound-instrument-woodwinds = Instrument: woodwinds
sound-instrument-brass = Instrument: brass
sound-instrument-misc = Instrument: miscellaneous
sound-instrument-percussion = Instrument: percussion
sound-instrument-vocals = Instrument: vocals
sound-instrument-piano = Instrument: piano
sound-instrument-choir = Instrument: choir
sound-instrument-guitar = Instrument: guitar

## sound.pattern

sound-pattern-up-down = Beat pattern up-down: rising and falling
sound-pattern-left-right = Beat pattern left-right: a sweep from left to right
sound-pattern-circle = Beat pattern circle: turning around you
sound-pattern-stab = Beat pattern stab: a sharp hit in the middle
sound-pattern-cross = Beat pattern cross: two crossing sweeps
sound-pattern-swoosh = Beat pattern swoosh: a fast glide from right to left

## sound.event

sound-event-draw = Draw a card
sound-event-place = Place a card
sound-event-take = Take a row
sound-event-your_turn = Your turn
sound-event-error = Error
sound-event-round_end = End of round
sound-event-game_end = End of game
sound-event-applause = Applause
sound-event-boos = Boos
sound-event-win = Win
sound-event-confirm = Confirmation
sound-event-menu_move = Menu move
sound-event-menu_select = Menu select
sound-event-voice_on = The microphone listens

## sound.event.turn

sound-event-turn-1 = Turn of seat 1, far left
sound-event-turn-2 = Turn of seat 2
sound-event-turn-3 = Turn of seat 3
sound-event-turn-4 = Turn of seat 4
sound-event-turn-5 = Turn of seat 5, far right
