### Messages every game uses (German).

## app
app-tts_fallback = Sprachausgabe nicht verfügbar, darum schreibe ich Text und du spielst mit der Tastatur.
app-goodbye = Auf Wiedersehen.
app-input_ended = Keine Eingabe mehr. Das Spiel endet hier.
app-rematch = Noch eine Partie mit denselben Spielern? Ja: neu gemischt. Nein: zum Menü.
app-rematch_answer = Sag ja für eine neue Partie oder nein für das Menü.
app-error_internal = Entschuldigung, da ist intern etwas schiefgegangen. Der Spielstand bleibt erhalten.
app-config_error = Die Einstellungen sind ungültig: { $problem }
app-content_error = Eine Spieldatei ist beschädigt: { $problem }

## input
input-not_understood = Nicht verstanden. Sag Hilfe, um zu hören, was jetzt geht.
input-not_understood_again = Wieder nicht verstanden. Du kannst auch tippen; sag Hilfe für die Befehle.
input-confirm = { $command }? Ja oder nein?
input-confirm_quit = Spiel wirklich verlassen? Ja oder nein?
input-cancelled = Abgebrochen.
input-choices = Meintest du: { $options }? Sag die Nummer.
input-choice_item = { $number }: { $command }
input-not_your_turn = Du bist nicht dran, { $player } ist dran.
input-nothing_to_confirm = Es gibt gerade nichts zu bestätigen.
input-waiting_for_yes_no = Bitte antworte mit ja oder nein.

## help
help-examples =
    { $count ->
        [one] { $examples } und eine weitere Möglichkeit
       *[other] { $examples } und { $count } weitere Möglichkeiten
    }
help-now = Jetzt kannst du sagen: { $commands }.
help-now_grouped = Jetzt: { $commands }.
help-always_short = Immer: { $commands }. Für alles Weitere sag: { $more }.
help-always = Immer möglich: { $commands }.
help-or = oder
help-group_item = { $label }: { $example }

## settings
settings-rate = Sprechtempo { $rate }.
settings-volume = Lautstärke { $volume } Prozent.
settings-verbose = Ausführliche Ansagen.
settings-brief = Kurze Ansagen.
settings-normal = Normale Ansagen.
settings-saved = Gespeichert.
settings-save_failed = Speichern fehlgeschlagen: { $problem }. Das Spiel läuft weiter.
settings-no_save_file = Zum Speichern starte das Spiel mit --save und einem Dateinamen.

## history
history-empty = Noch keine Nachrichten.
history-start = Das ist die älteste Nachricht.
history-end = Das ist die neueste Nachricht.
history-since_nothing = Seit deinem letzten Zug ist nichts geschehen.

## save
save-damaged = Der Spielstand { $path } ist beschädigt und kann nicht geladen werden. Die Datei bleibt unverändert.
save-foreign = Die Datei { $path } ist kein Spielstand von voice game. Sie bleibt unverändert.
save-version = Der Spielstand { $path } stammt aus einer anderen Version. Die Datei bleibt unverändert.
save-missing = Den Spielstand { $path } gibt es nicht.
save-exists = Die Datei { $path } gibt es schon und sie ist kein Spielstand von voice game; ich überschreibe sie nicht.
save-resumed = Spielstand geladen.
save-deck_bad = Die Kartendatei { $path } ist ungültig: { $problem }
save-deck_missing = Die Kartendatei { $path } lässt sich nicht lesen.
save-deck_not_json = Die Kartendatei { $path } ist keine JSON-Datei.
save-deck_form_orchestra = Die Kartendatei { $path } muss so aussehen: { "{" }"musicians": ["tuba", "violin", ...]{ "}" }.
save-deck_form_concerto = Die Kartendatei { $path } muss so aussehen: { "{" }"instruments": ["piano", ...], "beats": [...], "pieces": { "{" }"green": [...]{ "}" }{ "}" }.
save-problem_full = der Datenträger ist voll
save-problem_denied = dort darfst du nicht schreiben
save-problem_missing = der Ordner fehlt oder ist eine Datei
save-problem_other = die Datei ließ sich nicht schreiben
save-events_exists = Die Datei { $path } gibt es schon und sie ist kein Ereignisprotokoll des Spiels; ich überschreibe sie nicht.

## list
list-and = und

## setup
setup-default_you = Du
setup-default_player = Spieler
setup-bad_players = Die Spielerliste { $players } verstehe ich nicht. Beispiel: Anna,Ben,bot:Carla,bot-strong:Dora.
setup-unknown_bot = Die Bot-Stufe { $level } gibt es nicht. Es gibt { $levels }.
setup-unknown_game = Das Spiel { $game } gibt es nicht. Es gibt { $games }.
setup-birth_year = { $player }, in welchem Jahr bist du geboren? Eine Dirigentenkarte fragt nach dem jüngsten Spieler. Bitte die Jahreszahl tippen, zum Beispiel 1985.
setup-birth_year_you = In welchem Jahr bist du geboren? Eine Dirigentenkarte fragt nach dem jüngsten Spieler. Bitte die Jahreszahl tippen, zum Beispiel 1985.
setup-birth_year_default_you = Ich nehme für dich das Jahr { $year }.
setup-birth_year_bad = Das ist keine Jahreszahl. Bitte vier Ziffern, zum Beispiel 1985.
setup-birth_year_default = Ich nehme für { $player } das Jahr { $year }.
table-more = Den Rest des Tisches: sag { $more }.
