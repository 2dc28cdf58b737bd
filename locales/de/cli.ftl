### Die Befehlszeile (voice-game --help), deutsch.


## cli

cli-usage = Aufruf: voice-game BEFEHL [Optionen]. Ohne Befehl öffnet sich das gesprochene Startmenü.
cli-commands = Befehle:
cli-command-play = ein Spiel spielen, zum Beispiel: voice-game play { $game }
cli-command-menu = das gesprochene Startmenü (wie voice-game allein)
cli-command-tutorial = gesprochene Lektionen zu einem Spiel
cli-command-sounds = jeden Klang des Spiels hören, mit seinem Namen
cli-command-recognize = aufgenommene Tondateien erkennen, eine JSON-Zeile je Datei
cli-command-models = Sprachmodelle auflisten, installieren oder entfernen, Whisper und Vosk
cli-command-server = einen eigenen Server für Online-Tische starten
cli-command-host = einen Online-Tisch eröffnen
cli-command-join = an einem Online-Tisch Platz nehmen
cli-command-watch = einem Online-Tisch zuschauen
cli-more = Die Optionen eines Befehls: voice-game BEFEHL --help.
cli-language = Sprache: --lang de oder --lang en; ohne sie entscheiden die Einstellungen, sonst Deutsch.
cli-unknown = Den Befehl { $command } gibt es nicht. Die Befehle sind: { $commands }. Hilfe: voice-game --help.
cli-play-games = Spiele und ihre Varianten (--variant):
cli-play-game = { $game }: { $title }
cli-play-game_variants = { $game }: { $title }; Varianten: { $variants }
cli-play-example = Zum Beispiel: voice-game play { $game } --lang de
