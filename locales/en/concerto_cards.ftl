### Concerto card names and spoken rule texts (English). Keys are the card ids of
### voice_game/games/concerto/data/*.json; validated by content.check_card_texts.

## instrument
instrument-strings-name = strings

instrument-woodwinds-name = woodwinds

instrument-brass-name = brass

instrument-misc-name = miscellaneous

instrument-percussion-name = percussion

instrument-vocals-name = vocals

instrument-piano-name = piano

instrument-choir-name = choir

instrument-guitar-name = guitar

## pattern
pattern-up-down-name = up and down

pattern-left-right-name = left right

pattern-circle-name = circle

pattern-stab-name = stab

pattern-cross-name = cross

pattern-swoosh-name = swoosh

## genre
genre-symphony-name = symphony

genre-opera-name = opera

genre-operetta-name = operetta

genre-church-cantata-name = church and cantata

genre-ballet-name = ballet

genre-musical-name = musical

genre-jazz-name = jazz

genre-film-name = film music

genre-chamber-name = chamber music

genre-concerto-name = concerto

genre-pop-name = pop

## level
level-green-name = green
level-green-ref = green

level-yellow-name = yellow
level-yellow-ref = yellow

level-orange-name = orange
level-orange-ref = orange

## special
special-headhunter-name = Headhunter
special-headhunter-text = Swap one instrument of your orchestra, together with its beat pattern, for one instrument of an opponent's orchestra. Afterwards neither orchestra may hold an instrument twice.

special-sabotage-name = Sabotage
special-sabotage-text = Swap the beat patterns of two instruments in an opponent's orchestra. Everybody hears which two; the patterns themselves are not heard again.

special-job-sharing-name = Job sharing
special-job-sharing-text = Swap one instrument of your orchestra for one in the job market. The newcomer takes its seat and its beat pattern. If the job market then holds the same instrument twice, one goes to the discard pile, and the market is filled up until it shows two different instruments.

special-repertoire-name = Repertoire
special-repertoire-text = Replace all three open pieces: each one goes under its pile, and the next piece of the same colour is turned over.

special-rehearsal-name = Rehearsal
special-rehearsal-text = Hear the beat pattern of one of your instruments once more. Only you hear it.

special-audition-name = Audition
special-audition-text = Take one instrument card of your choice from the discard pile into your hand.

## conductor
conductor-baniel-darendoim-name = Baniel Darendoim
conductor-baniel-darendoim-text = Baniel Darendoim loves the stage. The next piece must be an opera or an operetta.

conductor-mikkado-ruti-name = Mikkado Ruti
conductor-mikkado-ruti-text = Mikkado Ruti wants to hear everybody. After the piece, conduct every other instrument of your orchestra that did not play in it, in any order you like.

conductor-rimon-sattle-name = Rimon Sattle
conductor-rimon-sattle-text = Rimon Sattle loves surprises. Before the performance, swap the beat patterns of two instruments of the piece in your own orchestra. You will not hear them again.

conductor-jarl-kohm-name = Jarl Kohm
conductor-jarl-kohm-text = Jarl Kohm adores the strings. Conduct the strings twice in a row. If the piece has no strings, you get the bonus anyway.

conductor-burt-shave-name = Burt Shave
conductor-burt-shave-text = Burt Shave cannot stand circles. Wherever a circle is due, show a cross instead. If no circle is due, you get the bonus anyway.

conductor-beonard-lernstein-name = Beonard Lernstein
conductor-beonard-lernstein-text = Beonard Lernstein saves the best for last. Conduct the brass last; the other instruments keep their order. If the piece has no brass, you get the bonus anyway.

conductor-hikolaus-narnonfourt-name = Hikolaus Narnonfourt
conductor-hikolaus-narnonfourt-text = Hikolaus Narnonfourt likes a late start. Begin the piece on its second instrument: the first one stays silent, but it must still be in your orchestra.

conductor-rierre-poulez-name = Rierre Poulez
conductor-rierre-poulez-text = Rierre Poulez likes a short ending. Leave out the last instrument of the piece: it stays silent, but it must still be in your orchestra.

conductor-mitris-ditropoulos-name = Mitris Ditropoulos
conductor-mitris-ditropoulos-text = Mitris Ditropoulos needs a piano. Your orchestra must hold a piano when you conduct the next piece.

conductor-mustav-gahler-name = Mustav Gahler
conductor-mustav-gahler-text = Mustav Gahler likes it big. Your orchestra must hold at least six instruments when you conduct the next piece.

conductor-nent-kagano-name = Nent Kagano
conductor-nent-kagano-text = Nent Kagano trusts the young. The next piece must be conducted by the youngest player.

conductor-ruby-zehta-name = Ruby Zehta
conductor-ruby-zehta-text = Ruby Zehta wants to hear voices. The next piece must use vocals or choir.

conductor-kerbert-von-harajan-name = Kerbert von Harajan
conductor-kerbert-von-harajan-text = Kerbert von Harajan reads his scores backwards. Conduct the piece in reverse order, from its last instrument to its first.

conductor-tarturo-oscanini-name = Tarturo Oscanini
conductor-tarturo-oscanini-text = Tarturo Oscanini never starts at the top. Begin with the second instrument of the piece and conduct the first one at the very end.

conductor-yimone-soung-name = Yimone Soung
conductor-yimone-soung-text = Yimone Soung goes by the seating plan. Conduct the instruments of the piece in the order they sit in your orchestra, from left to right.

conductor-karlos-cleiber-name = Karlos Cleiber
conductor-karlos-cleiber-text = Karlos Cleiber wants a drum roll first. Conduct the percussion first; the other instruments keep their order. If the piece has no percussion, you get the bonus anyway.

conductor-alaudio-cabbado-name = Alaudio Cabbado
conductor-alaudio-cabbado-text = Alaudio Cabbado only conducts the great works. The next piece must be an orange one.

conductor-dustavo-gudamel-name = Dustavo Gudamel
conductor-dustavo-gudamel-text = Dustavo Gudamel trusts experience. The next piece must be conducted by the oldest player.

conductor-seorg-golti-name = Seorg Golti
conductor-seorg-golti-text = Seorg Golti wants a full stage. The next piece must have at least four instruments.

conductor-aarin-malsop-name = Aarin Malsop
conductor-aarin-malsop-text = Aarin Malsop dislikes stabbing. Wherever a stab is due, show a swoosh instead. If no stab is due, you get the bonus anyway.

## piece
piece-ravel-bolero-title = Bolero

piece-strayhorn-a-train-title = Take the A Train

# Spoken titles that the other language overrides; here the title from the piece data.

piece-bach-jesu-joy-title = Jesu, Joy of Man's Desiring

piece-badelt-pirates-title = Pirates of the Caribbean

piece-beethoven-5-title = Symphony No. 5

piece-beethoven-9-title = Symphony No. 9

piece-dvorak-new-world-title = Symphony No. 9 From the New World

piece-grieg-piano-concerto-title = Piano Concerto in A minor

piece-handel-messiah-title = Messiah

piece-holst-planets-title = The Planets

piece-lehar-merry-widow-title = The Merry Widow

piece-lloyd-webber-phantom-title = The Phantom of the Opera

piece-mahler-8-title = Symphony No. 8

piece-mozart-magic-flute-title = The Magic Flute

piece-offenbach-orpheus-title = Orpheus in the Underworld

piece-pachelbel-canon-title = Canon in D

piece-prokofiev-romeo-juliet-title = Romeo and Juliet

piece-rimsky-korsakov-bumblebee-title = Flight of the Bumblebee

piece-saint-saens-carnival-title = The Carnival of the Animals

piece-saint-saens-swan-title = The Swan

piece-shore-lord-of-the-rings-title = The Lord of the Rings

piece-stravinsky-rite-of-spring-title = The Rite of Spring

piece-tchaikovsky-nutcracker-title = The Nutcracker

piece-tchaikovsky-swan-lake-title = Swan Lake

piece-vivaldi-four-seasons-title = The Four Seasons

## Composers (German spells some differently: de/concerto_cards.ftl)
composer-pyotr-ilyich-tchaikovsky = Pyotr Ilyich Tchaikovsky
composer-nikolai-rimsky-korsakov = Nikolai Rimsky-Korsakov
composer-sergei-prokofiev = Sergei Prokofiev
composer-igor-stravinsky = Igor Stravinsky
composer-johann-strauss-ii = Johann Strauss II
composer-klaus-badelt-and-hans-zimmer = Klaus Badelt and Hans Zimmer
composer-lennon-and-mccartney = Lennon and McCartney
