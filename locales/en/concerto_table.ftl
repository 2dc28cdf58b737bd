### Concerto's table as rows for the review cursor (English).

concerto-review-hand = Hand
concerto-review-market = Market
concerto-review-pieces = Pieces
concerto-review-piece = { $level } { $count }: { $instruments }
concerto-review-piece_none = { $level }: no piece
concerto-review-your_orchestra = Your orchestra
concerto-review-cards =
    { $count ->
        [one] one card
       *[other] { $count } cards
    }
concerto-review-discard = Discard
concerto-review-scores = Scores to { $count }
concerto-review-score = { $player } { $count }
concerto-review-you = You
concerto-review-times =
    { $count ->
        [1] { $instrument } once
        [2] { $instrument } twice
        [3] { $instrument } three times
       *[other] { $instrument } { $count } times
    }
# the pieces' short form: what each still needs from your orchestra, pieces that need the
# same said together ($pieces: "yellow 4 and orange 9", $count: how many pieces)
concerto-review-piece_ref = { $level } { $count }
concerto-review-pieces_short = { $pieces }.
concerto-review-piece_ready = { $pieces } ready
concerto-review-piece_missing =
    { $count ->
        [one] { $pieces } needs { $instruments }
       *[other] { $pieces } need { $instruments }
    }
concerto-review-piece_missing_count =
    { $count ->
        [one] { $pieces } needs { $missing } more
       *[other] { $pieces } need { $missing } more
    }
concerto-review-score_all = all { $count }
