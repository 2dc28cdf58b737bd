### Ladder (a test game): every word it says in German.

## menu
menu-play_ladder = Leiter spielen
menu-title_ladder = Leiter
menu-game_name-ladder = Leiter

## save
save-deck_form_ladder = Die Stapeldatei { $path } muss so aussehen: { "{" }"cards": [1, 9, ...]{ "}" }.

## ladder
ladder-started =
    { $count ->
        [one] Leiter beginnt mit { $count } Person.
       *[other] Leiter beginnt mit { $count } Personen.
    }
ladder-your_hand = Deine Karten: { $cards }.
ladder-no_cards = keine
ladder-climbed =
    { $count ->
        [one] Du spielst { $rank }, noch { $count } Karte.
       *[other] Du spielst { $rank }, noch { $count } Karten.
    }
ladder-climbed_named =
    { $count ->
        [one] { $player } spielt { $rank }, noch { $count } Karte.
       *[other] { $player } spielt { $rank }, noch { $count } Karten.
    }
ladder-folded = Du setzt aus.
ladder-folded_named = { $player } setzt aus.
ladder-folded_drew = Du setzt aus und ziehst.
ladder-folded_drew_named = { $player } setzt aus und zieht.
ladder-drew = Du hast { $rank } gezogen.
ladder-cleared = Alle haben ausgesetzt: der Stapel ist frei.
ladder-game_over =
    { $count ->
        [one] { $players } gewinnt.
       *[other] { $players } gewinnen.
    }
ladder-turn = Du bist dran. Oben: { $top }. Deine Karten: { $cards }.
ladder-turn_named = { $player } ist dran.
ladder-table = Oben auf dem Stapel: { $top }. Im Stapel: { $count } Karten.
ladder-table_cards =
    { $count ->
        [one] { $player }: { $count } Karte.
       *[other] { $player }: { $count } Karten.
    }
ladder-whose_turn = { $player } ist dran.
ladder-rules = Spiele eine Karte höher als die oberste, oder setze aus und ziehe. Wer die letzte Karte legt, gewinnt.

## ladder.reason
ladder-reason-not_in_hand = Du hast keine { $rank }.
ladder-reason-too_low = { $rank } ist nicht höher als { $top }.
ladder-reason-game_over = Das Spiel ist vorbei.
ladder-reason-unknown_action = Das ist kein Zug in Leiter.
ladder-reason-player_count = Leiter ist für { $min } bis { $max } Personen, nicht { $count }.
ladder-reason-unknown_variant = Leiter hat keine Variante { $variant }.
ladder-reason-bad_deck = Der Stapel muss jede Karte der Schachtel einmal enthalten.
