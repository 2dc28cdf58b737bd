"""The cluster's routes are closed to strangers: the nodes of `cluster_conf` find each other
with the folder's route secret (JetStream with three replicas comes up), a connection to a
route port without it is refused, and a node listening beyond loopback talks TLS on its
routes too (nats-server accepts the configuration). Real nats-server processes on loopback."""
import json
import socket
import subprocess

import pytest

from tests.online.test_cluster import Cluster
from voice_game.online import server as S


def _route_answer(port: int, connect: dict) -> str:
    """What a route port says to a client that introduces itself with ``connect``."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        f = s.makefile("rb")
        info = f.readline()
        assert info.startswith(b"INFO "), info
        s.sendall(b"CONNECT " + json.dumps(connect).encode() + b"\r\nPING\r\n")
        return f.readline().decode("utf-8", "replace").strip()


def test_the_routes_need_the_folders_secret(tmp_path):
    cluster = Cluster(tmp_path / "server", tmp_path).start()  # JetStream up: the nodes met
    try:
        conf = (tmp_path / "server" / "node-0.conf").read_text(encoding="utf-8")
        secret = S.route_secret(tmp_path / "server")
        assert f"nats-route://{S.ROUTE_USER}:{secret}@" in conf and len(secret) >= 16
        stranger = _route_answer(cluster.routes[1], {"verbose": False, "pedantic": False, "name": "stranger"})
        assert "Authorization Violation" in stranger, stranger
        wrong = _route_answer(cluster.routes[1], {"verbose": False, "pedantic": False, "name": "stranger",
                                                  "user": S.ROUTE_USER, "pass": "guessed"})
        assert "Authorization Violation" in wrong, wrong
    finally:
        cluster.stop()


def test_beyond_loopback_the_routes_talk_tls(tmp_path):
    binary = S.nats_server_binary()
    if binary is None:
        pytest.skip("nats-server is not installed")
    try:
        conf = S.cluster_conf(tmp_path / "server", 0, 4222, [6222, 6223, 6224], listen="0.0.0.0",
                              hosts=["a.example", "b.example", "c.example"])
    except S.NoTls:
        pytest.skip("openssl is not installed")
    text = conf.read_text(encoding="utf-8")
    cluster = text[text.index("cluster {"):]
    assert "tls {" in cluster and "verify: true" in cluster and "b.example:6223" in cluster
    checked = subprocess.run([binary, "-t", "-c", str(conf)], capture_output=True, text=True, timeout=30)
    assert checked.returncode == 0, checked.stderr + checked.stdout
