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
# the pieces' short form: what each still needs from your orchestra
concerto-review-piece_ready = { $level } { $count }: bereit
concerto-review-piece_missing = { $level } { $count }: noch { $instruments } nötig
concerto-review-piece_missing_count = { $level } { $count }: noch { $missing } nötig
