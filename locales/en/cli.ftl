### The command line (voice-game --help), English.


## cli

cli-usage = Usage: voice-game COMMAND [options]. Without a command, the spoken start menu opens.
cli-commands = Commands:
cli-command-play = play a game, for example: voice-game play { $game }
cli-command-menu = the spoken start menu (the same as voice-game alone)
cli-command-tutorial = narrated lessons for a game
cli-command-sounds = hear every sound of the game and its name
cli-command-recognize = recognize recorded sound files, one JSON line per file
cli-command-models = list, install or remove speech models, Whisper and Vosk
cli-command-server = run a private server for online tables
cli-command-host = host an online table
cli-command-join = take a seat at an online table
cli-command-watch = watch an online table
cli-more = The options of a command: voice-game COMMAND --help.
cli-language = Language: --lang de or --lang en; without it, the settings decide, else German.
cli-unknown = There is no command { $command }. The commands are: { $commands }. Help: voice-game --help.
cli-play-games = Games and their variants (--variant):
cli-play-game = { $game }: { $title }
cli-play-game_variants = { $game }: { $title }; variants: { $variants }
cli-play-example = For example: voice-game play { $game } --lang en
