### The table by ear (German): history buffers, the review cursor, status and the summary at your turn.

## history buffers
history-buffer =
    { $count ->
        [0] { $buffer }: keine Nachrichten.
        [one] { $buffer }: eine Nachricht.
       *[other] { $buffer }: { $count } Nachrichten.
    }
history-buffer_name-all = Alles
history-buffer_name-game = Spiel
history-buffer_name-mine = Meine Antworten
history-buffer_name-chat = Chat

## review cursor
review-row = { $title }: { $item }
review-row_empty = { $title }: leer.
review-row_start = Anfang der Zeile.
review-row_end = Ende der Zeile.
review-first_row = Erste Zeile.
review-last_row = Letzte Zeile.
review-no_table = Hier gibt es keinen Tisch zum Durchgehen.
review-no_such_row = Das gibt es an diesem Tisch nicht.
review-list = { $title }: { $items }.
review-nothing = leer

## at your turn, and "was ist neu"
review-new = Neu. { $changes }
review-new_none = Seit deinem Zug hat sich am Tisch nichts geändert.

## a card or name said alone ("Streicher?")
review-found = { $name }: { $places }.
review-found_nowhere = { $name }: nirgends am Tisch.

## keys
keys-action-review_next = nächster Eintrag am Tisch; im Tutorial: weiter
keys-action-review_previous = voriger Eintrag am Tisch; im Tutorial: zurück
keys-action-review_next_row = nächste Zeile am Tisch
keys-action-review_previous_row = vorige Zeile am Tisch
keys-action-whats_new = was ist neu seit deinem Zug
keys-action-market = Markt, kurz
keys-action-hand = deine Hand, kurz
keys-action-status = die Zeilen des Tisches, kurz
keys-action-next_buffer = nächster Nachrichtenpuffer
keys-action-previous_buffer = voriger Nachrichtenpuffer
keys-name-tab = Tabulator
keys-name-shift-tab = Umschalt Tabulator
