### Concerto-Ansagen (Deutsch). Karten-, Instrumenten-, Schlagmuster- und Stücknamen stehen in concerto_cards.ftl.
### Ein Schlagmuster heißt überall "Schlagmuster".


## concerto

concerto-title = Concerto
concerto-handover = { $player }, bitte übernehmen. Alle anderen hören bitte weg. Sag bereit, wenn du allein am Lautsprecher bist.
concerto-handover_wait = Erst bereit sagen, { $player }.
concerto-game_started =
    Concerto mit { $players }. Ziel: { $target ->
        [one] ein Punkt
       *[other] { $target } Punkte
    }.
concerto-game_started_verbose =
    Concerto mit { $players }. Wer zuerst { $target ->
        [one] einen Punkt
       *[other] { $target } Punkte
    } hat, gewinnt.
concerto-game_started_solo =
    Gegen { $players }, bis { $target ->
        [one] ein Punkt
       *[other] { $target } Punkte
    }.
concerto-game_started_verbose_solo =
    Concerto gegen { $players }. Wer zuerst { $target ->
        [one] einen Punkt
       *[other] { $target } Punkte
    } hat, gewinnt.
concerto-maestro = Maestro-Version: Eine Dirigentenkarte stellt eine Bedingung für das nächste Stück.
concerto-market_opening = Arbeitsmarkt: { $instruments }.
concerto-pieces_opening = Stücke: { $pieces }
concerto-hand_dealt = Du hast { $cards }.
concerto-times =
    { $count ->
        [1] einmal { $instrument }
        [2] zweimal { $instrument }
        [3] dreimal { $instrument }
        [4] viermal { $instrument }
       *[other] { $count }-mal { $instrument }
    }
concerto-received_instrument = Du bekommst { $cards }.
concerto-received_special = Deine Sonderkarte: { $card }.
concerto-dealt_others =
    { $count ->
        [one] { $players } bekommt fünf Instrumente und eine Sonderkarte.
       *[other] { $players } bekommen je fünf Instrumente und eine Sonderkarte.
    }
concerto-choose_start_you = Wähle zwei fürs Startorchester.
concerto-choose_start_named = { $player }, wähle zwei Instrumente als Startorchester.
concerto-choose_start_you_verbose = Wähle dein Startorchester: zwei verschiedene Instrumente aus deiner Hand, von links nach rechts.
concerto-choose_start_named_verbose = { $player }, wähle dein Startorchester: zwei verschiedene Instrumente aus deiner Hand, von links nach rechts.
concerto-choose_start_example = Sag: { $example }.
concerto-example_start = { $instrument } { $other }
concerto-choose_start_other = { $player } wählt ein Startorchester.
concerto-turn_you = Du bist dran.
concerto-turn_you_hint = Du bist dran: Instrument einsetzen, Sonderkarte spielen, Karten tauschen, ein Stück tauschen oder dirigieren.
concerto-turn_named = { $player }, du bist dran.
concerto-turn_named_hint = { $player }, du bist dran: Instrument einsetzen, Sonderkarte spielen, Karten tauschen, ein Stück tauschen oder dirigieren.
concerto-turn_number = Zug { $number }.
concerto-turn_other = Zug { $number }. { $player } ist dran.
concerto-pair = { $instrument } mit { $pattern }
concerto-beat_pair = { $instrument } { $pattern }
concerto-bot_sentence = { $player } { $actions }.
concerto-bot_sentence_place =
    { $count ->
        [0] { $player }: { $pair }.
       *[other] { $player }: { $pair }, { $actions }.
    }
concerto-bot_start = wählt { $pairs }
concerto-bot_place = setzt { $pair } ein
concerto-bot_place_at = setzt { $pair } auf Platz { $position }
concerto-bot_draw_instrument =
    { $count ->
        [one] zieht eine Instrumentenkarte
       *[other] zieht { $count } Instrumentenkarten
    }
concerto-bot_draw_special =
    { $count ->
        [one] zieht eine Sonderkarte
       *[other] zieht { $count } Sonderkarten
    }
concerto-bot_take = nimmt { $instrument }
concerto-bot_take_verbose = nimmt { $instrument } vom Markt
concerto-bot_discard = legt { $cards } ab
concerto-bot_replace = legt das Stück { $piece }, Stufe { $level }, unter den Stapel
concerto-bot_replace_short = tauscht { $piece }
concerto-bot_special = spielt { $card }
concerto-bot_special_no_effect = spielt { $card } ohne Wirkung
concerto-bot_fx_instruments_exchanged = { $player } spielt { $card }: { $instrument } gegen { $other } von { $target }.
concerto-bot_fx_instruments_exchanged_you = { $player } spielt { $card }: { $instrument } gegen { $other } aus deinem Orchester, samt Schlagmustern.
concerto-bot_fx_patterns_swapped = { $player } sabotiert { $target }: { $instrument } und { $other } tauschen die Schlagmuster.
concerto-bot_fx_patterns_swapped_you = { $player } sabotiert dich: { $instrument } und { $other } tauschen die Schlagmuster.
concerto-bot_fx_market_exchanged = { $player } spielt { $card }: { $instrument } gegen { $other } vom Markt.
concerto-bot_fx_rehearsal = { $player } probt { $instrument }.
concerto-bot_fx_audition = { $player } spielt { $card } und nimmt { $instrument } vom Ablagestapel.
concerto-bot_conduct = dirigiert { $piece }
concerto-bot_conduct_ignore = dirigiert { $piece } und missachtet die Dirigentenkarte
concerto-bot_conduct_brief = dirigiert { $piece }
concerto-bot_encore =
    { $count ->
        [one] Zugabe: noch ein Instrument.
       *[other] Zugabe: noch { $count } Instrumente.
    }
concerto-bot_lost_wrong_beat = verliert { $instrument }
concerto-bot_lost_given_up = gibt { $instrument } ab
concerto-bot_lost_encore = verliert { $instrument } in der Zugabe
concerto-bot_failed = Misslungen, das Stück scheidet aus.
concerto-bot_succeeded =
    { $count ->
        [0] Keine Punkte, es bleibt bei { $score }.
        [one] Ein Punkt, hat jetzt { $score }.
       *[other] { $count } Punkte, hat jetzt { $score }.
    }
concerto-bot_succeeded_brief =
    { $count ->
        [0] keine Punkte, es bleibt bei { $score }.
       *[other] hat jetzt { $score }.
    }
concerto-bot_applause = Applaus!
concerto-bot_boos = Buh!
concerto-placed_setup = { $player } setzt { $instrument } auf Platz { $position }.
concerto-placed_setup_you = Du setzt { $instrument } auf Platz { $position }.
concerto-placed = { $player } setzt { $instrument } ein.
concerto-placed_you = Du setzt { $instrument } ein.
concerto-placed_you_at = Du setzt { $instrument } auf Platz { $position }.
concerto-pattern_you =
    Merk dir: { $instrument } { NUMBER_OF($instrument) ->
        [plural] schlagen
       *[singular] schlägt
    } { $pattern }.
concerto-pattern_named =
    { $player }, merk dir: { $instrument } { NUMBER_OF($instrument) ->
        [plural] schlagen
       *[singular] schlägt
    } { $pattern }.
concerto-pattern_secret = Das Schlagmuster von { $player } für { $instrument } wurde einmal angesagt.
concerto-pattern_secret_you = Dein Schlagmuster für { $instrument } wurde einmal angesagt.
# what the history keeps of a beat pattern said once (the memory rule)
concerto-pattern_hidden = Schlagmuster
concerto-pattern_drawn =
    Merken: { $instrument } von { $player } { NUMBER_OF($instrument) ->
        [plural] schlagen
       *[singular] schlägt
    } { $pattern }.
concerto-market_taken = { $player } nimmt { $instrument } vom Markt.
concerto-market_taken_you = Du nimmst { $instrument }.
concerto-market_revealed = Neu auf dem Arbeitsmarkt: { $instrument }.
concerto-market_duplicate =
    { $instrument } { NUMBER_OF($instrument) ->
        [plural] liegen schon auf dem Arbeitsmarkt und kommen
       *[singular] liegt schon auf dem Arbeitsmarkt und kommt
    } auf den Ablagestapel.
concerto-piece_revealed = Neues Stück: { $details }
concerto-piece_replaced = { $player } legt das Stück { $piece }, Stufe { $level }, unter seinen Stapel.
concerto-piece_replaced_you = Du legst das Stück { $piece }, Stufe { $level }, unter seinen Stapel.
concerto-piece_replaced_short = { $player } legt { $piece } unter den Stapel.
concerto-piece_replaced_you_short = Du legst { $piece } unter den Stapel.
concerto-conductor_revealed = Dirigentenkarte { $name }: { $text }
concerto-conductors_exhausted = Es gibt keine Dirigentenkarten mehr.
concerto-pile_reshuffled =
    { $count ->
        [one] Der Stapel { $pile } wird aus der Ablage neu gemischt: eine Karte.
       *[other] Der Stapel { $pile } wird aus der Ablage neu gemischt: { $count } Karten.
    }
concerto-special_played = { $player } spielt { $card }.
concerto-special_no_effect = { $player } spielt { $card } ohne Wirkung.
concerto-special_played_you = Du spielst { $card }.
concerto-special_no_effect_you = Du spielst { $card }, ohne Wirkung.
concerto-instruments_exchanged = { $player } tauscht { $instrument } gegen { $other } von { $target }, samt Schlagmustern.
concerto-instruments_exchanged_you = { $player } tauscht { $instrument } gegen { $other } aus deinem Orchester, samt Schlagmustern.
concerto-instruments_exchanged_by_you = Du tauschst { $instrument } gegen { $other } von { $target }, samt Schlagmustern.
concerto-patterns_swapped = Sabotage! Im Orchester von { $target } tauschen { $instrument } und { $other } ihre Schlagmuster.
concerto-patterns_swapped_you = Sabotage! In deinem Orchester tauschen { $instrument } und { $other } ihre Schlagmuster.
concerto-patterns_swapped_by_you = Bei { $target } tauschen { $instrument } und { $other } die Schlagmuster.
concerto-own_patterns_swapped = { $player } tauscht zwei Schlagmuster: { $instrument } und { $other }.
concerto-own_patterns_swapped_by_you = Du tauschst zwei Schlagmuster: { $instrument } und { $other }.
concerto-market_exchanged = { $player } tauscht { $instrument } gegen { $other } vom Arbeitsmarkt. Das neue Instrument übernimmt das Schlagmuster.
concerto-market_exchanged_by_you = Du tauschst { $instrument } gegen { $other } vom Arbeitsmarkt, mit demselben Schlagmuster.
concerto-rehearsal = { $player } probt { $instrument }.
concerto-rehearsal_by_you = Du probst { $instrument }.
concerto-pattern_recalled =
    Nur für dich: { $instrument } { NUMBER_OF($instrument) ->
        [plural] schlagen
       *[singular] schlägt
    } { $pattern }.
concerto-audition = { $player } nimmt { $instrument } vom Ablagestapel.
concerto-audition_by_you = Du nimmst { $instrument } vom Ablagestapel.
concerto-cards_discarded = { $player } legt { $cards } ab.
concerto-cards_discarded_you = Du legst { $cards } ab.
concerto-performance_started = { $player } dirigiert { $piece }, Stufe { $level }.
concerto-performance_started_ignore = { $player } dirigiert { $piece }, Stufe { $level }, und missachtet die Dirigentenkarte.
concerto-performance_started_you = Du dirigierst { $piece }: jedes Instrument mit seinem Schlagmuster.
concerto-performance_started_ignore_you = Du dirigierst { $piece } und missachtest die Dirigentenkarte.
concerto-next_first = Zuerst: { $instrument }.
concerto-next = Als Nächstes: { $instrument }.
concerto-conduct_card_order = Auf der Karte: { $instruments }. Denk an die Dirigentenkarte.
concerto-beat_correct = Bravo! { $instrument }, { $pattern }.
concerto-beat_correct_brief = Bravo!
concerto-beat_wrong = Buh! { $instrument }, { $pattern } ist falsch. Richtig wäre { $expected }, { $expected_pattern }.
concerto-encore_started =
    { $count ->
        [one] Zugabe! { $player } dirigiert noch ein Instrument des Orchesters.
       *[other] Zugabe! { $player } dirigiert die { $count } übrigen Instrumente des Orchesters.
    }
concerto-encore_started_you =
    { $count ->
        [one] Zugabe! Dirigiere noch ein Instrument deines Orchesters.
       *[other] Zugabe! Dirigiere die { $count } übrigen Instrumente deines Orchesters.
    }
concerto-encore_left =
    { $count ->
        [one] Noch: { $instruments }.
       *[other] Noch, in beliebiger Reihenfolge: { $instruments }.
    }
concerto-lost_wrong_beat = { $player } verliert { $instrument }.
concerto-lost_wrong_beat_you = Du verlierst { $instrument }.
concerto-lost_given_up = { $player } gibt { $instrument } ab.
concerto-lost_given_up_you = Du gibst { $instrument } ab.
concerto-lost_encore = { $player } verliert { $instrument } in der Zugabe.
concerto-lost_encore_you = Du verlierst { $instrument } in der Zugabe.
concerto-performance_failed = Die Aufführung von { $piece } ist misslungen. Das Stück scheidet aus.
concerto-conductor_fulfilled =
    { $count ->
        [one] Dirigent { $name } ist zufrieden: ein Bonuspunkt.
       *[other] Dirigent { $name } ist zufrieden: { $count } Bonuspunkte.
    }
concerto-conductor_missed =
    { $count ->
        [one] Dirigent { $name } ist unzufrieden: ein Punkt weniger.
       *[other] Dirigent { $name } ist unzufrieden: { $count } Punkte weniger.
    }
concerto-performance_succeeded =
    { $count ->
        [0] Applaus! { $player } bekommt für { $piece } keine Punkte und bleibt bei { $score }.
        [one] Applaus! { $player } bekommt einen Punkt für { $piece } und hat jetzt { $score }.
       *[other] Applaus! { $player } bekommt { $count } Punkte für { $piece } und hat jetzt { $score }.
    }
concerto-performance_succeeded_you =
    { $count ->
        [0] Applaus! Du bekommst für { $piece } keine Punkte und bleibst bei { $score }.
        [one] Applaus! Du bekommst einen Punkt für { $piece } und hast jetzt { $score }.
       *[other] Applaus! Du bekommst { $count } Punkte für { $piece } und hast jetzt { $score }.
    }
concerto-give_up_now = Gib ein Instrument des Stücks ab: { $instruments }. Zum Beispiel: { $instrument } abgeben.
concerto-refill =
    { $count ->
        [one] Auffüllen: { $options }.
       *[other] Auffüllen, { $count } Karten: { $options }.
    }
concerto-refill_market =
    { $count ->
        [one] Auffüllen vom Markt: { $options }.
       *[other] Auffüllen vom Markt, { $count } Karten: { $options }.
    }
concerto-refill_again =
    { $count ->
        [one] Noch eine: { $options }.
       *[other] Noch { $count }: { $options }.
    }
concerto-refill_again_market =
    { $count ->
        [one] Noch eine vom Markt: { $options }.
       *[other] Noch { $count } vom Markt: { $options }.
    }
concerto-help_beat = Instrument und Schlagmuster nennen, als Nächstes { $instrument }
concerto-help_beat_card = Instrument und Schlagmuster nennen, in der Reihenfolge, die die Dirigentenkarte verlangt
concerto-help_beat_encore = Instrument und Schlagmuster nennen, noch { $instruments }
concerto-draw_option = ziehen
concerto-game_over_target = Das Spiel ist aus: Das Ziel ist erreicht.
concerto-game_over_pieces_exhausted = Das Spiel ist aus: Es gibt keine Stücke mehr.
concerto-score_player =
    { $count ->
        [one] { $player }: ein Punkt.
       *[other] { $player }: { $count } Punkte.
    }
concerto-score_player_you =
    { $count ->
        [one] Du: ein Punkt.
       *[other] Du: { $count } Punkte.
    }
concerto-winner =
    { $count ->
        [one]
            { $players } { COUNT($players) ->
                [one] gewinnt
               *[other] gewinnen
            } mit einem Punkt.
       *[other]
            { $players } { COUNT($players) ->
                [one] gewinnt
               *[other] gewinnen
            } mit { $count } Punkten.
    }
concerto-winner_you =
    { $count ->
        [one] Du gewinnst mit einem Punkt.
       *[other] Du gewinnst mit { $count } Punkten.
    }
concerto-shared_win =
    { $count ->
        [one] Geteilter Sieg mit einem Punkt: { $players }.
       *[other] Geteilter Sieg mit { $count } Punkten: { $players }.
    }
concerto-shared_win_you =
    { $count ->
        [one] Du teilst dir den Sieg mit { $players }, mit je einem Punkt.
       *[other] Du teilst dir den Sieg mit { $players }, mit je { $count } Punkten.
    }
concerto-performance_started_you_short = Du dirigierst { $piece }.
concerto-next_brief = { $instrument }.
concerto-performance_succeeded_you_short =
    { $count ->
        [0] Applaus! Keine Punkte, du bleibst bei { $score }.
        [one] Applaus! Ein Punkt, du hast jetzt { $score }.
       *[other] Applaus! { $count } Punkte, du hast jetzt { $score }.
    }
concerto-give_up_short = Gib eins ab: { $instruments }.
concerto-piece_revealed_brief = Neu: { $details }
concerto-piece_revealed_same =
    { $count ->
        [one] Neues Stück, ein Punkt: { $instruments }.
       *[other] Neues Stück, { $count } Punkte: { $instruments }.
    }
concerto-piece_revealed_same_genre =
    { $count ->
        [one] Neues Stück, ein Punkt, { $genre }: { $instruments }.
       *[other] Neues Stück, { $count } Punkte, { $genre }: { $instruments }.
    }
concerto-piece_revealed_same_short =
    { $count ->
        [one] Neu für einen Punkt: { $instruments }.
       *[other] Neu für { $count }: { $instruments }.
    }
concerto-piece_revealed_same_genre_short =
    { $count ->
        [one] Neu für einen Punkt, { $genre }: { $instruments }.
       *[other] Neu für { $count }, { $genre }: { $instruments }.
    }
concerto-piece_revealed_count =
    { $points ->
        [one] Neu für einen Punkt, { $count ->
            [one] ein Instrument
           *[other] { $count } Instrumente
        }.
       *[other] Neu für { $points }, { $count ->
            [one] ein Instrument
           *[other] { $count } Instrumente
        }.
    }
concerto-piece_revealed_count_genre =
    { $points ->
        [one] Neu für einen Punkt, { $genre }, { $count ->
            [one] ein Instrument
           *[other] { $count } Instrumente
        }.
       *[other] Neu für { $points }, { $genre }, { $count ->
            [one] ein Instrument
           *[other] { $count } Instrumente
        }.
    }
concerto-refill_again_brief =
    { $count ->
        [one] Noch eine.
       *[other] Noch { $count }.
    }
concerto-refill_same =
    { $count ->
        [one] Auffüllen.
       *[other] Auffüllen, { $count } Karten.
    }
concerto-refill_same_brief =
    { $count ->
        [one] Auffüllen.
       *[other] { $count } Karten.
    }
concerto-received_brief = { $cards }.
concerto-taken_brief = { $instrument }.
concerto-bot_after_wrong_beat = Verloren: { $instrument }.
concerto-bot_after_given_up = Abgabe: { $instrument }.
concerto-bot_after_encore = In der Zugabe verloren: { $instrument }.
concerto-bot_after_given_up_clause = gibt { $instrument } ab
concerto-bot_after_given_up_clause_brief = gibt { $instrument } ab
concerto-pile_reshuffled_short =
    { $count ->
        [one] { $pile } aus der Ablage neu gemischt: eine Karte.
       *[other] { $pile } aus der Ablage neu gemischt: { $count } Karten.
    }
concerto-bot_fx_instruments_exchanged_brief = { $player } tauscht { $instrument } gegen { $other } von { $target }.
concerto-bot_fx_market_exchanged_brief = { $player } tauscht { $instrument } gegen { $other } vom Markt.
concerto-bot_fx_audition_brief = { $player } nimmt { $instrument } vom Ablagestapel.
concerto-instruments_exchanged_by_you_brief = Du tauschst { $instrument } gegen { $other } von { $target }.
concerto-received_special_brief = Deine Sonderkarte: { $card }.
concerto-audition_by_you_brief = { $instrument } vom Ablagestapel.
concerto-pattern_short = { $instrument }: { $pattern }.
concerto-refill_brief =
    { $count ->
        [one] { $options }.
       *[other] { $count } Karten: { $options }.
    }
concerto-bot_sentence_brief = { $player } { $actions }.
concerto-bot_place_brief = setzt { $pair } ein
concerto-bot_take_brief = nimmt { $instrument }
concerto-bot_wrong_same = { $instrument }: { $pattern } statt { $expected_pattern }.
concerto-bot_wrong_other = { $instrument }, { $pattern }; dran war { $expected }, { $expected_pattern }.
concerto-bot_failed_lost = { $instrument } und das Stück sind weg.
concerto-bot_failed_lost_short =
    { $instrument } { NUMBER_OF($instrument) ->
        [plural] sind
       *[singular] ist
    } weg.
concerto-bot_wrong_lost =
    { $instrument } mit { $pattern } statt { $expected_pattern } { NUMBER_OF($instrument) ->
        [plural] sind
       *[singular] ist
    } verloren.
concerto-bot_lost_brief =
    { $instrument } { NUMBER_OF($instrument) ->
        [plural] sind
       *[singular] ist
    } verloren.
concerto-bot_failed_piece_gone = Das Stück ist auch weg.
concerto-explain = { $name }: { $text }
concerto-nothing = nichts
concerto-piece_name = { $title } von { $composer }
concerto-piece_details =
    { $count ->
        [one] { $level }: { $piece }, { $genre }, ein Punkt. Instrumente: { $instruments }.
       *[other] { $level }: { $piece }, { $genre }, { $count } Punkte. Instrumente: { $instruments }.
    }
concerto-piece_short =
    { $count ->
        [one] { $level } für einen Punkt: { $instruments }.
       *[other] { $level } für { $count } Punkte: { $instruments }.
    }
concerto-piece_short_genre =
    { $count ->
        [one] { $level } für einen Punkt, { $genre }: { $instruments }.
       *[other] { $level } für { $count } Punkte, { $genre }: { $instruments }.
    }
concerto-piece_short_next =
    { $count ->
        [one] { $level } für einen: { $instruments }.
       *[other] { $level } für { $count }: { $instruments }.
    }
concerto-piece_short_genre_next =
    { $count ->
        [one] { $level } für einen, { $genre }: { $instruments }.
       *[other] { $level } für { $count }, { $genre }: { $instruments }.
    }
concerto-piece_count =
    { $points ->
        [one] { $level } für einen Punkt, { $count ->
            [one] ein Instrument
           *[other] { $count } Instrumente
        }.
       *[other] { $level } für { $points } Punkte, { $count ->
            [one] ein Instrument
           *[other] { $count } Instrumente
        }.
    }
concerto-piece_count_next =
    { $points ->
        [one] { $level } für einen, { $count ->
            [one] ein Instrument
           *[other] { $count } Instrumente
        }.
       *[other] { $level } für { $points }, { $count ->
            [one] ein Instrument
           *[other] { $count } Instrumente
        }.
    }
concerto-piece_count_genre =
    { $points ->
        [one] { $level } für einen Punkt, { $genre }, { $count ->
            [one] ein Instrument
           *[other] { $count } Instrumente
        }.
       *[other] { $level } für { $points } Punkte, { $genre }, { $count ->
            [one] ein Instrument
           *[other] { $count } Instrumente
        }.
    }
concerto-piece_count_genre_next =
    { $points ->
        [one] { $level } für einen, { $genre }, { $count ->
            [one] ein Instrument
           *[other] { $count } Instrumente
        }.
       *[other] { $level } für { $points }, { $genre }, { $count ->
            [one] ein Instrument
           *[other] { $count } Instrumente
        }.
    }
# the short table ("tisch"): what a turn is decided on; "mehr" says the rest (verbose: the whole one)
concerto-table_market_short = Markt: { $instruments }.
concerto-table_score = { $player } { $count }
concerto-table_you = du
concerto-table_scores_all = alle { $count }
concerto-table_scores_short = Punkte bis { $target }: { $scores }.
# the short table's scores; the target comes on "mehr"
concerto-table_scores_now = Punkte: { $scores }.
concerto-table_target =
    { $count ->
        [one] Ziel: ein Punkt.
       *[other] Ziel: { $count } Punkte.
    }
concerto-table_turn = { $player } ist dran.
concerto-table_turn_you = Du bist dran.
concerto-table_turn_number = { $player } ist dran, Zug { $number }.
concerto-table_turn_number_you = Du bist dran, Zug { $number }.
concerto-table_market =
    { $count ->
        [0] Markt: { $instruments }, der Stapel ist leer.
        [one] Markt: { $instruments }, eine im Stapel.
       *[other] Markt: { $instruments }, { $count } im Stapel.
    }
# "mehr" after the short table: only what it left out ("Zug 19.", "38 Instrumente im Stapel.", "Grün: Hallelujah von Leonard Cohen, Pop.")
concerto-table_turn_only = Zug { $number }.
concerto-table_instrument_pile =
    { $count ->
        [0] Der Instrumentenstapel ist leer.
        [one] Ein Instrument im Stapel.
       *[other] { $count } Instrumente im Stapel.
    }
concerto-table_piece_title = { $level }: { $about }
concerto-table_piece_listed = { $level }: { $instruments }.
# the table's pieces: what each needs first, then what it is ("Grün 2: Gesang und Gitarre.")
concerto-table_piece = { $level } { $count }: { $instruments }.
concerto-table_piece_genre = { $level } { $count }, { $genre }: { $instruments }.
concerto-table_piece_instruments =
    { $count ->
        [one] ein Instrument
       *[other] { $count } Instrumente
    }
concerto-table_piece_about = { $piece }, { $genre }.
# the piece piles, equal ones together ("Stücke im Stapel: Grün 13, Gelb und Orange je 15.")
concerto-table_piles = Stücke im Stapel: { $piles }.
concerto-table_pile_group =
    { $many ->
        [yes] { $levels } je { $count }
       *[no] { $levels } { $count }
    }
concerto-table_piles_all =
    { $count ->
        [0] Die Stückstapel sind leer.
        [one] Je ein Stück im Stapel.
       *[other] Je { $count } Stücke im Stapel.
    }
# the orchestras: the noun once ("Dein Orchester: ...", "Orchester von Amadeus: ...", "Clara: ...")
concerto-table_orchestras_empty = Alle Orchester sind leer.
concerto-table_orchestra_first = Orchester von { $player }: { $orchestra }.
concerto-table_orchestra_of = { $player }: { $orchestra }.
# the hands, equal ones together ("Auf der Hand: alle 3 Instrumente und eine Sonderkarte.")
concerto-table_hands = Auf der Hand: { $hands }.
concerto-table_hands_all = Auf der Hand: alle { $cards }.
concerto-table_hands_each =
    { $specials ->
        [one] Auf der Hand: { $hands }, dazu jeder eine Sonderkarte.
       *[other] Auf der Hand: { $hands }, dazu jeder { $specials } Sonderkarten.
    }
concerto-table_hand_group = { $players } { $cards }
concerto-table_hand_cards =
    { $specials ->
        [0] { $count ->
            [0] keine Karte
            [one] ein Instrument
           *[other] { $count } Instrumente
        }
        [one] { $count ->
            [0] eine Sonderkarte
            [one] ein Instrument und eine Sonderkarte
           *[other] { $count } Instrumente und eine Sonderkarte
        }
       *[other] { $count } Instrumente und { $specials } Sonderkarten
    }
concerto-table_no_piece = { $level }: kein Stück offen.
concerto-table_player =
    { $count ->
        [one] { $player }: ein Punkt.
       *[other] { $player }: { $count } Punkte.
    }
concerto-table_orchestra = Orchester: { $orchestra }.
concerto-table_orchestra_you = Dein Orchester: { $orchestra }.
concerto-table_player_you =
    { $count ->
        [one] Du: ein Punkt.
       *[other] Du: { $count } Punkte.
    }
concerto-table_hand_split =
    { $specials ->
        [0] { $count ->
            [one] Ein Instrument auf der Hand.
           *[other] { $count } Instrumente auf der Hand.
        }
        [one] { $count ->
            [one] Ein Instrument und eine Sonderkarte auf der Hand.
           *[other] { $count } Instrumente und eine Sonderkarte auf der Hand.
        }
       *[other] { $count } Instrumente und { $specials } Sonderkarten auf der Hand.
    }
concerto-table_hand =
    { $count ->
        [0] Keine Karten auf der Hand.
        [one] Eine Karte auf der Hand.
       *[other] { $count } Karten auf der Hand.
    }
concerto-table_discard = Ablagestapel: { $cards }.
concerto-table_discard_empty = Der Ablagestapel ist leer.
concerto-special_pile =
    { $count ->
        [0] Der Sonderkartenstapel ist leer.
        [one] Eine Sonderkarte im Stapel.
       *[other] { $count } Sonderkarten im Stapel.
    }
concerto-special_discard = Gespielt oder abgelegt: { $cards }.
concerto-special_discard_empty = Noch keine Sonderkarte gespielt oder abgelegt.
concerto-maestro_none = In dieser Partie gibt es keine Dirigentenkarten.
concerto-maestro_rules =
    { $count ->
        [one] Die aktive Dirigentenkarte gilt für das nächste gelungene Stück: Erfüllst du ihre Bedingung, bekommst du einen Punkt mehr, sonst einen weniger. Misslingt das Stück, zählt sie nicht. Missachten: zum Beispiel { $example }.
       *[other] Die aktive Dirigentenkarte gilt für das nächste gelungene Stück: Erfüllst du ihre Bedingung, bekommst du { $count } Punkte mehr, sonst { $count } weniger. Misslingt das Stück, zählt sie nicht. Missachten: zum Beispiel { $example }.
    }
concerto-conductor_none_active =
    { $count ->
        [0] Keine Dirigentenkarte aktiv, der Stapel ist leer.
        [one] Keine Dirigentenkarte aktiv, noch eine im Stapel.
       *[other] Keine Dirigentenkarte aktiv, noch { $count } im Stapel.
    }
concerto-table_conductor = Dirigentenkarte { $name }: { $text }
concerto-table_conductor_hidden = Eine Dirigentenkarte liegt verdeckt. Merk sie dir.
concerto-table_performance_you =
    { $count ->
        [one] Du dirigierst { $piece }, bisher ein Schlag.
       *[other] Du dirigierst { $piece }, bisher { $count } Schläge.
    }
concerto-table_performance =
    { $count ->
        [one] { $player } dirigiert { $piece }, bisher ein Schlag.
       *[other] { $player } dirigiert { $piece }, bisher { $count } Schläge.
    }
concerto-no_seat =
    { $count ->
        [one] Es gibt nur einen Platz.
       *[other] Es gibt nur { $count } Plätze, Spieler 1 bis { $count }.
    }
concerto-my_cards_nobody = An diesem Tisch hat niemand Karten zum Anhören.
concerto-my_hand = { $player }, deine Instrumentenkarten: { $instruments }.
concerto-my_hand_you = Deine Instrumentenkarten: { $instruments }.
concerto-my_specials = Deine Sonderkarte: { $cards }.
concerto-my_specials_none = Du hast keine Sonderkarte.
concerto-my_orchestra = Dein Orchester von links nach rechts: { $instruments }. Die Schlagmuster musst du dir merken.
concerto-my_orchestra_empty = Dein Orchester ist noch leer.
concerto-scores_now = Punktestand, das Ziel ist { $count }:
concerto-rules = Concerto. Baue ein Orchester auf und dirigiere Musikstücke. Jedes Instrument in deinem Orchester bekommt ein Schlagmuster, das einmal angesagt wird: merk es dir. In deinem Zug machst du eines: ein Instrument aus der Hand einsetzen, eine Sonderkarte spielen, ein bis vier Handkarten tauschen, ein offenes Stück tauschen oder ein offenes Stück dirigieren. Zum Dirigieren braucht dein Orchester jedes Instrument des Stücks. Nenne sie in der Reihenfolge des Stücks, jedes mit seinem Schlagmuster, zum Beispiel: Blechbläser, Kreis. Ein falsches Paar und das Stück misslingt, und du verlierst dieses Instrument. Gelingt es, bekommst du die Punkte und gibst ein Instrument des Stücks ab. Danach füllst du vom Stapel oder vom Arbeitsmarkt auf drei Instrumente auf. Wer zuerst das Ziel erreicht, gewinnt.
concerto-rules_maestro =
    { $count ->
        [one] Maestro-Version, Ziel ein Punkt: Zu Beginn und nach jedem gelungenen Stück wird eine neue Dirigentenkarte gezogen und vorgelesen.
       *[other] Maestro-Version, Ziel { $count } Punkte: Zu Beginn und nach jedem gelungenen Stück wird eine neue Dirigentenkarte gezogen und vorgelesen.
    }

## concerto.pile

concerto-pile-instruments = Instrumente
concerto-pile-specials = Sonderkarten
concerto-pile-beats = Schlagmuster

## concerto.reason

concerto-reason-player_count = Concerto braucht 2 bis 4 Spieler, nicht { $count }.
concerto-reason-player_names = Jeder Spieler braucht einen anderen Namen.
concerto-reason-unknown_variant = Die Variante { $variant } kenne ich nicht. Es gibt maestro und conductor-visible.
concerto-reason-birth_year = Das Geburtsjahr von { $player } fehlt oder ist ungültig.
concerto-reason-first_player = Es gibt keinen Platz { $first_player } zum Beginnen.
concerto-reason-deck_unknown_pile = Die Kartendatei nennt einen unbekannten Stapel { $pile }.
concerto-reason-deck_unknown_card = Die Kartendatei hat eine unbekannte Karte { $card } im Stapel { $pile }.
concerto-reason-deck_too_many = Die Kartendatei hat die Karte { $card } zu oft im Stapel { $pile }, höchstens { $max }.
concerto-reason-deck_not_a_list = In der Kartendatei muss { $pile } eine Liste von Kartennamen sein.
concerto-reason-deck_too_few_instruments = Der Instrumentenstapel der Kartendatei ist zu kurz: jeder muss zu Beginn ein Instrument bekommen.
concerto-reason-game_over = Das Spiel ist schon vorbei.
concerto-reason-reveal_pending = Zuerst wird eine Karte aufgedeckt.
concerto-reason-nothing_to_reveal = Es gibt nichts aufzudecken.
concerto-reason-unknown_action = Diesen Zug gibt es nicht.
concerto-reason-choose_start_first = Wähle zuerst dein Startorchester.
concerto-reason-refill_first = Fülle zuerst deine Hand auf: Karte ziehen oder eine vom Arbeitsmarkt nehmen.
concerto-reason-conducting_now = Du dirigierst { $piece }: Nenne das nächste Instrument mit seinem Schlagmuster.
concerto-reason-give_up_first = Gib zuerst ein Instrument von { $piece } ab.
concerto-reason-not_setup = Die Startorchester sind schon gewählt.
concerto-reason-not_refilling = Du füllst gerade nicht auf.
concerto-reason-not_conducting = Du dirigierst gerade nicht.
concerto-reason-nothing_to_give_up = Gerade gibt es nichts abzugeben.
concerto-reason-unknown_instrument = Es gibt kein Instrument { $instrument }.
concerto-reason-unknown_pattern = Es gibt kein Schlagmuster { $pattern }.
concerto-reason-unknown_level = Es gibt keine Stufe { $level }.
concerto-reason-unknown_special = Es gibt keine Sonderkarte { $card }.
concerto-reason-unknown_player = Es gibt keinen Spieler { $target }.
concerto-reason-start_count =
    { $count ->
        [one] Wähle ein Instrument für dein Startorchester.
       *[other] Wähle { $count } verschiedene Instrumente für dein Startorchester.
    }
concerto-reason-start_duplicate = Dein Startorchester kann { $instrument } nicht zweimal haben.
concerto-reason-not_in_hand = { $instrument } hast du nicht auf der Hand.
concerto-reason-already_in_orchestra = Dein Orchester hat schon { $instrument }.
concerto-reason-not_in_orchestra =
    { $instrument } { NUMBER_OF($instrument) ->
        [plural] sind
       *[singular] ist
    } nicht in deinem Orchester.
concerto-reason-special_not_in_hand = Du hast die Sonderkarte { $card } nicht.
concerto-reason-special_needs_target = Sag, was { $card } tun soll, zum Beispiel welche Instrumente.
concerto-reason-special_has_target = { $card } kann jetzt wirken: Sag, was die Karte tun soll.
concerto-reason-special_bad_params = { $card } kann so nicht gespielt werden.
concerto-reason-target_is_self = Wähle einen Gegner, nicht dich selbst.
concerto-reason-target_not_in_orchestra =
    { $instrument } { NUMBER_OF($instrument) ->
        [plural] sind
       *[singular] ist
    } nicht im Orchester von { $target }.
concerto-reason-would_duplicate = Dann hätte das Orchester von { $target } { $instrument } zweimal.
concerto-reason-same_instrument = Nenne zwei verschiedene Instrumente, nicht zweimal { $instrument }.
concerto-reason-not_in_market =
    { $instrument } { NUMBER_OF($instrument) ->
        [plural] liegen
       *[singular] liegt
    } nicht auf dem Arbeitsmarkt.
concerto-reason-not_in_discard =
    { $instrument } { NUMBER_OF($instrument) ->
        [plural] liegen
       *[singular] liegt
    } nicht auf dem Ablagestapel.
concerto-reason-no_open_pieces = Kein Stück ist offen.
concerto-reason-swap_count =
    { $max ->
        [one] Tausche genau eine Karte, nicht { $count }.
       *[other] Tausche eine bis { $max } Karten, nicht { $count }.
    }
concerto-reason-swap_not_in_hand = Du hast { $card } nicht auf der Hand.
concerto-reason-no_open_piece = Kein Stück der Stufe { $level } ist offen.
concerto-reason-piece_pile_empty = Der Stapel { $level } ist leer, das Stück kann nicht getauscht werden.
concerto-reason-missing_instruments =
    Für { $piece } { NUMBER_OF($missing) ->
        [plural] fehlen
       *[singular] fehlt
    } deinem Orchester { $missing }.
concerto-reason-no_conductor = Es gibt keine Dirigentenkarte zum Missachten.
concerto-reason-nothing_to_ignore = Diese Dirigentenkarte ändert nichts an der Aufführung.
concerto-reason-swap_pair_needed = Die Dirigentenkarte verlangt zwei Instrumente des Stücks, deren Schlagmuster du vorher tauschst.
concerto-reason-swap_not_asked = Für dieses Stück ist kein Tausch verlangt.
concerto-reason-swap_not_in_piece =
    { $instrument } { NUMBER_OF($instrument) ->
        [plural] spielen
       *[singular] spielt
    } in diesem Stück nicht mit.
concerto-reason-not_in_encore =
    { $instrument } { NUMBER_OF($instrument) ->
        [plural] gehören
       *[singular] gehört
    } nicht zur Zugabe.
concerto-reason-not_in_piece =
    { $instrument } { NUMBER_OF($instrument) ->
        [plural] spielen
       *[singular] spielt
    } in { $piece } nicht mit.
concerto-reason-instrument_pile_empty = Der Instrumentenstapel ist leer.

## help.group: the kinds of moves "hilfe" / "help" groups
help-group-start = Startorchester wählen
help-group-place_instrument = Instrumente
help-group-special = Sonderkarte
help-group-swap = Handkarten
help-group-replace = Stücke
help-group-conduct = dirigieren
help-group-beat = Instrument mit Schlagmuster nennen
help-group-give_up = Abgabe
help-group-take_market = Markt

## concerto.variant_name (the variants' names in the start menu)

concerto-variant_name-maestro = Maestro-Version
concerto-variant_name-conductor-visible = Dirigentenkarte sichtbar
