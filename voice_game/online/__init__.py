"""Online tables on NATS: an authoritative host, seat clients and spectators.

The host runs the pure rules engine and one narrating session per human seat; clients
send typed (or spoken) lines and print or speak what their seat hears. Each seat's
messages go to a subject only that seat's server user may read (nats-server per-user
permissions, written by ``voice_game.online.server``); JetStream keeps every seat's
messages for a rejoin and the table snapshot for a restarted host.
"""
