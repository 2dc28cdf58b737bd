### Concerto: Kartennamen und gesprochene Regeltexte (Deutsch). Schlüssel sind die
### Karten-Ids aus voice_game/games/concerto/data/*.json; geprüft von
### content.check_card_texts.

## instrument
instrument-strings-name = Streicher

instrument-woodwinds-name = Holzbläser

instrument-brass-name = Blechbläser

instrument-misc-name = Sonstige

instrument-percussion-name = Schlagwerk

instrument-vocals-name = Gesang

instrument-piano-name = Klavier

instrument-choir-name = Chor

instrument-guitar-name = Gitarre

## pattern
pattern-up-down-name = Auf und ab

pattern-left-right-name = Links rechts

pattern-circle-name = Kreis

pattern-stab-name = Stich

pattern-cross-name = Kreuz

pattern-swoosh-name = Schwung

## genre
genre-symphony-name = Sinfonie

genre-opera-name = Oper

genre-operetta-name = Operette

genre-church-cantata-name = Kirche und Kantate

genre-ballet-name = Ballett

genre-musical-name = Musical

genre-jazz-name = Jazz

genre-film-name = Filmmusik

genre-chamber-name = Kammermusik

genre-concerto-name = Konzert

genre-pop-name = Pop

## level
level-green-name = grün
level-green-ref = Grün

level-yellow-name = gelb
level-yellow-ref = Gelb

level-orange-name = orange
level-orange-ref = Orange

## special
special-headhunter-name = Headhunter
special-headhunter-text = Tausche ein Instrument deines Orchesters samt seinem Schlagmuster gegen ein Instrument aus dem Orchester eines Gegners. Danach darf kein Orchester ein Instrument doppelt haben.

special-sabotage-name = Sabotage
special-sabotage-text = Vertausche die Schlagmuster zweier Instrumente im Orchester eines Gegners. Alle hören, welche zwei es sind; die Schlagmuster selbst werden nicht noch einmal angesagt.

special-job-sharing-name = Jobsharing
special-job-sharing-text = Tausche ein Instrument deines Orchesters gegen eines aus dem Arbeitsmarkt. Das neue Instrument übernimmt Platz und Schlagmuster. Liegt danach ein Instrument doppelt im Arbeitsmarkt, kommt eines auf den Ablagestapel, und der Arbeitsmarkt wird aufgefüllt, bis er zwei verschiedene Instrumente zeigt.

special-repertoire-name = Repertoire
special-repertoire-text = Tausche alle drei offenen Musikstücke aus: jedes kommt unter seinen Stapel, und das nächste Stück derselben Farbe wird aufgedeckt.

special-rehearsal-name = Probe
special-rehearsal-text = Höre das Schlagmuster eines deiner Instrumente noch einmal. Nur du hörst es.

special-audition-name = Vorspiel
special-audition-text = Nimm eine Instrumentenkarte deiner Wahl vom Ablagestapel auf die Hand.

## conductor
conductor-baniel-darendoim-name = Baniel Darendoim
conductor-baniel-darendoim-text = Baniel Darendoim liebt die Bühne. Das nächste Stück muss eine Oper oder eine Operette sein.

conductor-mikkado-ruti-name = Mikkado Ruti
conductor-mikkado-ruti-text = Mikkado Ruti will alle hören. Dirigiere nach dem Stück alle übrigen Instrumente deines Orchesters, die im Stück nicht vorkamen, in beliebiger Reihenfolge.

conductor-rimon-sattle-name = Rimon Sattle
conductor-rimon-sattle-text = Rimon Sattle liebt Überraschungen. Vertausche vor der Aufführung die Schlagmuster zweier Instrumente des Stücks in deinem eigenen Orchester. Du hörst sie nicht noch einmal.

conductor-jarl-kohm-name = Jarl Kohm
conductor-jarl-kohm-text = Jarl Kohm verehrt die Streicher. Dirigiere die Streicher zweimal hintereinander. Hat das Stück keine Streicher, gibt es den Bonus trotzdem.

conductor-burt-shave-name = Burt Shave
conductor-burt-shave-text = Burt Shave kann Kreise nicht leiden. Wo ein Kreis dran ist, zeige stattdessen ein Kreuz. Ist kein Kreis dran, gibt es den Bonus trotzdem.

conductor-beonard-lernstein-name = Beonard Lernstein
conductor-beonard-lernstein-text = Beonard Lernstein hebt sich das Beste für den Schluss auf. Dirigiere die Blechbläser zuletzt; die anderen Instrumente behalten ihre Reihenfolge. Hat das Stück keine Blechbläser, gibt es den Bonus trotzdem.

conductor-hikolaus-narnonfourt-name = Hikolaus Narnonfourt
conductor-hikolaus-narnonfourt-text = Hikolaus Narnonfourt fängt gern später an. Beginne das Stück mit seinem zweiten Instrument: Das erste bleibt stumm, muss aber trotzdem in deinem Orchester sein.

conductor-rierre-poulez-name = Rierre Poulez
conductor-rierre-poulez-text = Rierre Poulez mag kurze Schlüsse. Lass das letzte Instrument des Stücks weg: Es bleibt stumm, muss aber trotzdem in deinem Orchester sein.

conductor-mitris-ditropoulos-name = Mitris Ditropoulos
conductor-mitris-ditropoulos-text = Mitris Ditropoulos braucht ein Klavier. Dein Orchester muss ein Klavier haben, wenn du das nächste Stück dirigierst.

conductor-mustav-gahler-name = Mustav Gahler
conductor-mustav-gahler-text = Mustav Gahler mag es groß. Dein Orchester muss mindestens sechs Instrumente haben, wenn du das nächste Stück dirigierst.

conductor-nent-kagano-name = Nent Kagano
conductor-nent-kagano-text = Nent Kagano vertraut der Jugend. Das nächste Stück muss der jüngste Spieler dirigieren.

conductor-ruby-zehta-name = Ruby Zehta
conductor-ruby-zehta-text = Ruby Zehta will Stimmen hören. Im nächsten Stück müssen Gesang oder Chor vorkommen.

conductor-kerbert-von-harajan-name = Kerbert von Harajan
conductor-kerbert-von-harajan-text = Kerbert von Harajan liest seine Partituren rückwärts. Dirigiere das Stück in umgekehrter Reihenfolge, vom letzten Instrument bis zum ersten.

conductor-tarturo-oscanini-name = Tarturo Oscanini
conductor-tarturo-oscanini-text = Tarturo Oscanini fängt nie oben an. Beginne mit dem zweiten Instrument des Stücks und dirigiere das erste ganz am Ende.

conductor-yimone-soung-name = Yimone Soung
conductor-yimone-soung-text = Yimone Soung hält sich an den Sitzplan. Dirigiere die Instrumente des Stücks in der Reihenfolge, in der sie in deinem Orchester sitzen, von links nach rechts.

conductor-karlos-cleiber-name = Karlos Cleiber
conductor-karlos-cleiber-text = Karlos Cleiber will zuerst einen Trommelwirbel. Dirigiere das Schlagwerk zuerst; die anderen Instrumente behalten ihre Reihenfolge. Hat das Stück kein Schlagwerk, gibt es den Bonus trotzdem.

conductor-alaudio-cabbado-name = Alaudio Cabbado
conductor-alaudio-cabbado-text = Alaudio Cabbado dirigiert nur die großen Werke. Das nächste Stück muss ein oranges sein.

conductor-dustavo-gudamel-name = Dustavo Gudamel
conductor-dustavo-gudamel-text = Dustavo Gudamel vertraut der Erfahrung. Das nächste Stück muss der älteste Spieler dirigieren.

conductor-seorg-golti-name = Seorg Golti
conductor-seorg-golti-text = Seorg Golti will eine volle Bühne. Das nächste Stück muss mindestens vier Instrumente haben.

conductor-aarin-malsop-name = Aarin Malsop
conductor-aarin-malsop-text = Aarin Malsop mag keine Stiche. Wo ein Stich dran ist, zeige stattdessen einen Schwung. Ist kein Stich dran, gibt es den Bonus trotzdem.

## piece
piece-beethoven-5-title = Sinfonie Nr. 5

piece-beethoven-9-title = Sinfonie Nr. 9

piece-mahler-8-title = Sinfonie Nr. 8

piece-dvorak-new-world-title = Sinfonie Nr. 9, Aus der Neuen Welt

piece-mozart-magic-flute-title = Die Zauberflöte

piece-vivaldi-four-seasons-title = Die vier Jahreszeiten

piece-tchaikovsky-swan-lake-title = Schwanensee

piece-tchaikovsky-nutcracker-title = Der Nussknacker

piece-lloyd-webber-phantom-title = Das Phantom der Oper

piece-saint-saens-carnival-title = Der Karneval der Tiere

piece-saint-saens-swan-title = Der Schwan

piece-lehar-merry-widow-title = Die lustige Witwe

piece-prokofiev-romeo-juliet-title = Romeo und Julia

piece-holst-planets-title = Die Planeten

piece-shore-lord-of-the-rings-title = Der Herr der Ringe

piece-badelt-pirates-title = Fluch der Karibik

piece-offenbach-orpheus-title = Orpheus in der Unterwelt

piece-grieg-piano-concerto-title = Klavierkonzert a-Moll

piece-rimsky-korsakov-bumblebee-title = Der Hummelflug

piece-bach-jesu-joy-title = Jesus bleibet meine Freude

piece-pachelbel-canon-title = Kanon in D-Dur

piece-handel-messiah-title = Der Messias

piece-stravinsky-rite-of-spring-title = Le sacre du printemps

piece-ravel-bolero-title = Boléro

# Spoken titles that the other language overrides; here the title from the piece data.

piece-strayhorn-a-train-title = Take the A Train

## Composers in German spelling (the rest as the content data spells them)
composer-pyotr-ilyich-tchaikovsky = Pjotr Iljitsch Tschaikowski
composer-nikolai-rimsky-korsakov = Nikolai Rimski-Korsakow
composer-sergei-prokofiev = Sergei Prokofjew
composer-igor-stravinsky = Igor Strawinsky
composer-johann-strauss-ii = Johann Strauss Sohn
composer-klaus-badelt-and-hans-zimmer = Klaus Badelt und Hans Zimmer
composer-lennon-and-mccartney = Lennon und McCartney
