### Tierorchester's table as rows for the review cursor (German).

orchestra-review-conductors = Dirigenten
orchestra-review-conductor = { $conductor }: { $cards }
orchestra-review-conductor_empty = { $conductor }: leer
orchestra-review-conductor_taken = { $conductor }: genommen
orchestra-review-drawn = Gezogen
orchestra-review-pile = Stapel
orchestra-review-pile_count =
    { $count ->
        [one] eine Karte
       *[other] { $count } Karten
    }
orchestra-review-you = Du
orchestra-review-musicians_none = keine Musiker
orchestra-review-scores = Punkte
orchestra-review-score = { $player } { $count }
