### Concerto's table as rows for the review cursor (German).

concerto-review-hand = Hand
concerto-review-market = Markt
concerto-review-pieces = Stücke
concerto-review-piece = { $level } { $count }: { $instruments }
concerto-review-piece_none = { $level }: kein Stück
concerto-review-your_orchestra = Dein Orchester
concerto-review-cards =
    { $count ->
        [one] eine Karte
       *[other] { $count } Karten
    }
concerto-review-discard = Ablage
concerto-review-scores = Punkte bis { $count }
concerto-review-score = { $player } { $count }
concerto-review-you = Du
concerto-review-times =
    { $count ->
        [1] einmal { $instrument }
        [2] zweimal { $instrument }
        [3] dreimal { $instrument }
       *[other] { $count }-mal { $instrument }
    }
# the pieces' short form: what each still needs from your orchestra, pieces that need the
# same said together ($pieces: "Gelb 4 und Orange 9", $count: how many pieces)
concerto-review-piece_ref = { $level } { $count }
concerto-review-pieces_short = { $pieces }.
concerto-review-piece_ready = { $pieces } bereit
concerto-review-piece_missing =
    { $count ->
        [one] { $pieces } braucht { $instruments }
       *[other] { $pieces } brauchen { $instruments }
    }
concerto-review-piece_missing_count =
    { $count ->
        [one] { $pieces } braucht noch { $missing }
       *[other] { $pieces } brauchen noch { $missing }
    }
concerto-review-score_all = alle { $count }
