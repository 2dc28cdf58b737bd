### Tierorchester's table as rows for the review cursor (German).

orchestra-review-conductors = Dirigenten
orchestra-review-conductor = { $conductor } mit { $cards }
orchestra-review-conductor_empty = { $conductor } leer
orchestra-review-conductor_taken = { $conductor } genommen
orchestra-review-conductor_taken_by = { $conductor } genommen von { $player }
orchestra-review-conductor_taken_you = { $conductor } genommen von dir
# the conductors' short form: "Dirigent 1 mit Harfe, 2 und 3 leer." ($count: numbers in the first part)
orchestra-review-conductors_short =
    { $count ->
        [one] Dirigent { $items }.
       *[other] Dirigenten { $items }.
    }
orchestra-review-conductors_all_empty = Alle Dirigenten leer.
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
orchestra-review-score_all = alle { $count }
# a player's musicians, short
orchestra-review-has_you = Du hast { $cards }.
orchestra-review-has = { $player } hat { $cards }.
orchestra-review-has_none_you = Du hast keine Musiker.
orchestra-review-has_none = { $player } hat keine Musiker.
# after the conductors' short form, for the one whose turn it is: your musicians of the
# families lying under the open conductors (all a take can change); the rest on "meine Karten"
orchestra-review-of_those = Davon hast du { $cards }.
orchestra-review-of_those_none = Davon hast du keine.
# the same count of each ($count as a digit: "eins" fits every family's gender)
orchestra-review-of_those_each = Davon hast du je { $count }.
# after the card drawn: how many of its family you have
orchestra-review-have_you = Du hast schon { $count }.
orchestra-review-have_none_of_it = Du hast noch keine.
