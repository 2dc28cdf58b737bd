### Tierorchester's table as rows for the review cursor (English).

orchestra-review-conductors = Conductors
orchestra-review-conductor = { $conductor }: { $cards }
orchestra-review-conductor_empty = { $conductor }: empty
orchestra-review-conductor_taken = { $conductor }: taken
orchestra-review-drawn = Drawn
orchestra-review-pile = Pile
orchestra-review-pile_count =
    { $count ->
        [one] one card
       *[other] { $count } cards
    }
orchestra-review-you = You
orchestra-review-musicians_none = no musicians
orchestra-review-scores = Scores
orchestra-review-score = { $player } { $count }
