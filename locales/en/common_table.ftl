### The table by ear (English): history buffers, the review cursor, status and the summary at your turn.

## history buffers
history-buffer =
    { $count ->
        [0] { $buffer }: no messages.
        [one] { $buffer }: one message.
       *[other] { $buffer }: { $count } messages.
    }
history-buffer_name-all = All
history-buffer_name-game = Game
history-buffer_name-mine = My replies
history-buffer_name-chat = Chat

## review cursor
review-row = { $title }: { $item }
review-row_empty = { $title }: empty.
review-row_start = Start of row.
review-row_end = End of row.
review-first_row = First row.
review-last_row = Last row.
review-no_table = There is no table to review here.
review-no_such_row = There is no such thing on this table.
review-list = { $title }: { $items }.
review-nothing = empty

## at your turn, and "what is new"
review-new = New. { $changes }
review-new_none = Nothing on the table changed since your turn.

## a card or name said alone ("strings?")
review-found = { $name }: { $places }.
review-found_nowhere = { $name }: nowhere on the table.

## keys
keys-action-review_next = next item of the table; in a tutorial: next
keys-action-review_previous = previous item of the table; in a tutorial: back
keys-action-review_next_row = next row of the table
keys-action-review_previous_row = previous row of the table
keys-action-whats_new = what is new since your turn
keys-action-market = the market, short
keys-action-hand = your hand, short
keys-action-status = the rows of the table, short
keys-action-next_buffer = next message buffer
keys-action-previous_buffer = previous message buffer
keys-name-tab = Tab
keys-name-shift-tab = Shift Tab
