### Start menu and key help (English).


## menu

menu-first_run = Welcome to voice game! This is your first start. Would you like the { $game } tutorial first? Yes or no.
menu-title_main = Main menu
menu-main = main menu
menu-title_items = { $title }: { $items }.
menu-numbered = { $number }: { $label }
menu-items = { $items }.
menu-how = Say a number from 1 to { $count } or a name. Back goes up one level.
menu-item = { $label }, { $number } of { $count }
menu-keys_help = Arrow keys choose, Enter confirms, left and right change a value, a letter jumps, Escape goes back, slash to type.
menu-not_understood = Not understood. Say a number from 1 to { $count }, or help.
menu-no_such_number = There is no number { $number } here, only 1 to { $count }.
menu-not_here = That is not in this menu. Say a number from 1 to { $count }.
menu-bad_value = The value { $number } does not work here.
menu-back_in = Back in the { $title }.
menu-back_in_settings = Back in the settings.
menu-play = Play { $game }
menu-tutorials = Tutorials
menu-sounds = Sound gallery
menu-settings = Settings
menu-resume = Resume a saved game
menu-exit = Exit
menu-back = Back
menu-start = Start the game
menu-on = on
menu-off = off
menu-humans =
    { $count ->
        [one] One human
       *[other] { $count } humans
    }
menu-names =
    { $count ->
        [one] Name: { $names }
       *[other] Names: { $names }
    }
menu-names_ask =
    { $count ->
        [one] Say or type your name. Enter with no text keeps it as it is.
       *[other] Say or type the { $count } names, for example: Anna and Ben; typed, separated by commas. Enter with no text keeps them as they are.
    }
menu-names_kept = The names stay as they are.
menu-names_bad = { $name } does not work as a name: at most { $max } characters, no colon, and each name only once.
menu-bots =
    { $count ->
        [0] No bots
        [one] One bot
       *[other] { $count } bots
    }
menu-level = Bot level: { $level }
menu-level_none = There are no bots for this game yet
menu-variant = { $name }: { $state }
menu-bad_count =
    { $count ->
        [one] One player does not work
       *[other] { $count } players do not work
    }; it takes { $min } to { $max }. Change humans or bots.
menu-course_done = { $name }, finished
menu-course_started = { $name }, started
menu-sounds_missing = The sound gallery is not in this version yet.
menu-language = Language: { $name }
menu-rate = Speech rate: { $rate }
menu-detail = Narration: { $level }
menu-detail_name-brief = brief
menu-detail_name-default = normal
menu-detail_name-verbose = verbose
menu-verbosity = Narration by kind
menu-verbosity_kind = { $what }: { $level }
menu-volume = Voice volume: { $volume } percent
menu-cue_volume = Sound volume: { $volume } percent
menu-voice = Voice: { $name }
menu-listening = Listening while the game speaks: { $mode }
menu-listening_name-full = always, with echo cancelling
menu-listening_name-headphones = always, with headphones
menu-listening_name-half = in turns
menu-voice_default = default
# a voice's name as heard: its family, then the variant (pico en-GB, mbrola de2, espeak en-us)
menu-voice_name = { $family ->
    [pico] SVOX Pico { $variant }
    [mbrola] MBROLA { $variant }
   *[espeak] { $variant }
}
menu-keys = Read the key bindings
menu-resume_game = Resume { $name }
menu-no_saves = There is no unfinished saved game.
menu-replace_save = There is an unfinished saved game of { $name }. Start a new game and discard it? Yes or no.
menu-saves_unusable = The folder for saved games, { $path }, cannot be used, so this game is not saved.
menu-kept_save = Your saved game is kept. Choose resume in the main menu to go on with it.

## menu.level_name

menu-level_name-bot = normal
menu-level_name-bot-easy = easy
menu-level_name-bot-strong = strong
menu-level_name-bot-random = random

## menu

menu-language_name-de = German
menu-language_name-en = English

## keys

keys-digits = { $first } to { $last }
keys-hint = Key K reads all keys.
keys-line = { $keys }: { $action }
keys-nothing_for_number = There is nothing to do with number { $number } right now.
keys-number_not_enough = Number { $number } alone is not enough for that. Say it in full, for example: { $example }.

## keys.action

keys-action-talk = push-to-talk: speak one command
keys-action-keys = read the list of keys
keys-action-help = help, what is possible now
keys-action-escape = back, answer no, or say what is possible now
keys-action-type = type a command
keys-action-draw = draw
keys-action-pass = end without a conductor
keys-action-pick = choose a number: conductor, instrument or piece
keys-action-yes = yes
keys-action-no = no
keys-action-whose_turn = whose turn
keys-action-scores = scores
keys-action-repeat = repeat
keys-action-table = table overview
keys-action-my_cards = my cards
keys-action-rules = rules
keys-action-previous = previous message
keys-action-next_message = next message
keys-action-oldest = oldest message
keys-action-newest = newest message
keys-action-slower = speak slower
keys-action-faster = speak faster
keys-action-louder = louder
keys-action-quieter = quieter
keys-action-verbosity = detailed or brief
keys-action-save = save
keys-action-quit = quit the game
keys-action-next = in a tutorial: next
keys-action-back = in a tutorial: back
keys-action-skip = in a tutorial: skip
keys-action-end_tutorial = end the tutorial

## keys.name

keys-name-space = Space
keys-name-enter = Enter
keys-name-escape = Escape
keys-name-backspace = Backspace
keys-name-up = Up arrow
keys-name-down = Down arrow
keys-name-left = Left arrow
keys-name-right = Right arrow
keys-name-home = Home
keys-name-end = End
keys-name-pageup = Page up
keys-name-pagedown = Page down
keys-name-f1 = F1
keys-name-f2 = F2
keys-name-_2c = Comma
keys-name-_2e = Period
keys-name-_3c = Less than
keys-name-_3e = Greater than
keys-name-_3b = Semicolon
keys-name-_3a = Colon
keys-name-_2d = Minus
keys-name-_2b = Plus
keys-name-_3d = Equals
keys-name-_2f = Slash
keys-name-_3f = Question mark
# a value out of the entry's range or unknown: one sentence, nothing changed
menu-value_range = Only { $low } to { $high } works here.
menu-value_names = Here you can say: { $names }.
menu-names_confirm = { $names }? Yes or no.
menu-names_again = Say the names again.
menu-leave_confirm = Leave the program? Yes or no.
