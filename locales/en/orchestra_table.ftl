### Tierorchester's table as rows for the review cursor (English).

orchestra-review-conductors = Conductors
orchestra-review-conductor = { $conductor } with { $cards }
orchestra-review-conductor_empty = { $conductor } empty
orchestra-review-conductor_taken = { $conductor } taken
orchestra-review-conductor_taken_by = { $conductor } taken by { $player }
orchestra-review-conductor_taken_you = { $conductor } taken by you
# the conductors' short form: "Conductor 1 with harp, 2 and 3 empty." ($count: numbers in the first part)
orchestra-review-conductors_short =
    { $count ->
        [one] Conductor { $items }.
       *[other] Conductors { $items }.
    }
orchestra-review-conductors_all_empty = All conductors empty.
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
orchestra-review-score_all = all { $count }
# a player's musicians, short
orchestra-review-has_you = You have { $cards }.
orchestra-review-has = { $player } has { $cards }.
orchestra-review-has_none_you = You have no musicians.
orchestra-review-has_none = { $player } has no musicians.
# after the conductors' short form, for the one whose turn it is: your musicians of the
# families lying under the open conductors (all a take can change); the rest on "my cards"
orchestra-review-of_those = Of those you have { $cards }.
orchestra-review-of_those_none = You have none of those.
# the same count of each
orchestra-review-of_those_each =
    { $count ->
        [one] You have one of each of those.
       *[other] You have { $count } of each of those.
    }
# after the card drawn: how many of its family you have
orchestra-review-have_you =
    { $count ->
        [one] You already have one.
       *[other] You already have { $count }.
    }
orchestra-review-have_none_of_it = You have none yet.
