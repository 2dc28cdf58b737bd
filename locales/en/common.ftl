### Messages every game uses (English).

## app
app-tts_fallback = Speech output is not available, so I write text and you play with the keyboard.
app-goodbye = Goodbye.
app-input_ended = No more input. The game ends here.
app-rematch = Another game with the same players? Yes: a new deal. No: to the menu.
app-rematch_answer = Say yes for another game or no for the menu.
app-error_internal = Sorry, something went wrong inside the game. Your game is kept.
app-config_error = The settings are not valid: { $problem }
app-content_error = A game file is damaged: { $problem }

## input
input-not_understood = Not understood. Say help to hear what you can do now.
input-not_understood_again = Still not understood. You can also type; say help for the commands.
input-confirm = { $command }? Yes or no?
input-confirm_quit = Really leave the game? Yes or no?
input-cancelled = Cancelled.
input-choices = Did you mean: { $options }? Say the number.
input-choice_item = { $number }: { $command }
input-not_your_turn = It is not your turn, it is { $player }'s turn.
input-nothing_to_confirm = There is nothing to confirm right now.
input-waiting_for_yes_no = Please answer yes or no.

## help
help-examples =
    { $count ->
        [one] { $examples } and one more
       *[other] { $examples } and { $count } more
    }
help-now = You can say now: { $commands }.
help-now_grouped = Now: { $commands }.
help-always_short = Always: { $commands }. For the rest, say: { $more }.
help-always = Always available: { $commands }.
help-or = or
help-group_item = { $label }: { $example }

## settings
settings-rate = Speech rate { $rate }.
settings-volume = Volume { $volume } percent.
settings-verbose = Detailed announcements.
settings-brief = Brief announcements.
settings-normal = Normal announcements.
settings-saved = Saved.
settings-save_failed = Saving failed: { $problem }. The game goes on.
settings-no_save_file = To save, start the game with --save and a file name.

## history
history-empty = No messages yet.
history-start = This is the oldest message.
history-end = This is the newest message.
history-since_nothing = Nothing has happened since your last turn.

## save
save-damaged = The saved game { $path } is damaged and cannot be loaded. The file is left unchanged.
save-foreign = The file { $path } is not a voice game save. It is left unchanged.
save-version = The saved game { $path } comes from another version. The file is left unchanged.
save-missing = There is no saved game { $path }.
save-exists = The file { $path } exists and is not a voice game save; I will not overwrite it.
save-resumed = Saved game loaded.
save-deck_bad = The deck file { $path } is not valid: { $problem }
save-deck_missing = The deck file { $path } cannot be read.
save-deck_not_json = The deck file { $path } is not a JSON file.
save-deck_form_orchestra = The deck file { $path } must look like { "{" }"musicians": ["tuba", "violin", ...]{ "}" }.
save-deck_form_concerto = The deck file { $path } must look like { "{" }"instruments": ["piano", ...], "beats": [...], "pieces": { "{" }"green": [...]{ "}" }{ "}" }.
save-problem_full = the disk is full
save-problem_denied = you may not write there
save-problem_missing = the folder is missing or is a file
save-problem_other = the file could not be written
save-events_exists = The file { $path } exists and is not an events log of the game; I will not overwrite it.

## list
list-and = and

## setup
setup-default_you = You
setup-default_player = Player
setup-bad_players = I cannot read the player list { $players }. Example: Anna,Ben,bot:Carla,bot-strong:Dora.
setup-unknown_bot = There is no bot level { $level }. There are { $levels }.
setup-unknown_game = There is no game { $game }. There are { $games }.
setup-birth_year = { $player }, in which year were you born? A conductor card asks for the youngest player. Please type the year, for example 1985.
setup-birth_year_you = In which year were you born? A conductor card asks for the youngest player. Please type the year, for example 1985.
setup-birth_year_default_you = I take the year { $year } for you.
setup-birth_year_bad = That is not a year. Please four digits, for example 1985.
setup-birth_year_default = I take the year { $year } for { $player }.
table-more = The rest of the table: say { $more }.
