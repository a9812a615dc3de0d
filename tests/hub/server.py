"""A small in-memory Hugging Face Hub for tests, on 127.0.0.1.

It implements what the real ``huggingface_hub`` client (and ``datasets``' file system) call for
dataset repositories: create-repo, YAML validation, preupload, the LFS batch API and uploads,
commits (ndjson), repo info, tree listing, paths-info, resolve (HEAD/GET with ranges),
branches, tags and refs. ``fail`` injects HTTP errors per endpoint to test retries and
interrupted pushes (503 by default, which clients retry; ``fail_status`` sets another status).
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import threading
from collections import Counter
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

LFS_SUFFIXES = (".parquet", ".png")


def git_blob_oid(data: bytes) -> str:
    """The git object id of a file's bytes."""
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()


@dataclass
class Repo:
    """One dataset repository: commits as full file maps, plus branch and tag pointers."""

    private: bool
    commits: dict[str, dict[str, bytes]] = field(default_factory=dict)
    parents: dict[str, str | None] = field(default_factory=dict)
    branches: dict[str, str] = field(default_factory=dict)
    tags: dict[str, str] = field(default_factory=dict)

    def resolve(self, revision: str) -> str | None:
        revision = unquote(revision)
        if revision in self.branches:
            return self.branches[revision]
        if revision in self.tags:
            return self.tags[revision]
        return revision if revision in self.commits else None


class FakeHub:
    """The Hub's state and the HTTP server serving it (start with :meth:`start`)."""

    def __init__(self, token: str) -> None:
        self.token = token
        self.repos: dict[str, Repo] = {}
        self.lfs: dict[str, bytes] = {}
        self.fail: Counter[str] = Counter()
        self.fail_status: dict[str, int] = {}
        self.requests: list[tuple[str, str]] = []
        self.lock = threading.Lock()
        hub = self

        class Handler(_Handler):
            state = hub

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def endpoint(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def start(self) -> FakeHub:
        self.thread.start()
        return self

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def commit_count(self, repo_id: str) -> int:
        return len(self.repos[repo_id].commits)

    def new_commit(self, repo: Repo, parent: str | None, files: dict[str, bytes], message: str) -> str:
        digest = hashlib.sha1((parent or "").encode() + message.encode())
        for path in sorted(files):
            digest.update(path.encode() + b"\0" + hashlib.sha256(files[path]).digest())
        sha = digest.hexdigest()
        repo.commits[sha] = files
        repo.parents[sha] = parent
        return sha


_API = re.compile(r"^/api/datasets/(?P<repo>[^/]+/[^/]+)/(?P<action>[a-z-]+)(?:/(?P<rest>.*))?$")
_RESOLVE = re.compile(r"^/datasets/(?P<repo>[^/]+/[^/]+)/resolve/(?P<rev>[^/]+)/(?P<path>.+)$")
_LFS_BATCH = re.compile(r"^/datasets/(?P<repo>[^/]+/[^/]+)\.git/info/lfs/objects/batch$")
_LFS_PUT = re.compile(r"^/lfs-upload/(?P<oid>[0-9a-f]{64})$")


class _Handler(BaseHTTPRequestHandler):
    state: FakeHub
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:
        return

    # --- plumbing ---
    def _body(self) -> bytes:
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    def _send(
        self,
        status: int,
        payload: Any = None,
        headers: dict[str, str] | None = None,
        raw: bytes | None = None,
    ) -> None:
        body = raw if raw is not None else (b"" if payload is None else json.dumps(payload).encode())
        self.send_response(status)
        self.send_header("Content-Type", "application/json" if raw is None else "application/octet-stream")
        for key, value in (headers or {}).items():
            self.send_header(key, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _error(self, status: int, message: str, code: str | None = None) -> None:
        headers = {"X-Error-Message": message}
        if code:
            headers["X-Error-Code"] = code
        self._send(status, {"error": message}, headers)

    def _authorised(self) -> bool:
        if self.headers.get("Authorization") == f"Bearer {self.state.token}":
            return True
        self._error(401, "Invalid credentials in Authorization header")
        return False

    def _injected_failure(self, kind: str) -> bool:
        with self.state.lock:
            if self.state.fail[kind] > 0:
                self.state.fail[kind] -= 1
                failing = True
            else:
                failing = False
        if failing:
            self._error(self.state.fail_status.get(kind, 503), f"injected failure of {kind}")
        return failing

    def _repo(self, repo_id: str) -> Repo | None:
        repo = self.state.repos.get(repo_id)
        if repo is None:
            self._error(404, "Repository not found", "RepoNotFound")
        return repo

    def _route(self) -> None:
        url = urlsplit(self.path)
        self.query = parse_qs(url.query)
        path = url.path
        self.state.requests.append((self.command, path))
        if path == "/api/repos/create" and self.command == "POST":
            return self._create_repo()
        if path == "/api/validate-yaml" and self.command == "POST":
            self._body()
            return self._send(200, {})
        if match := _LFS_BATCH.match(path):
            return self._lfs_batch(match["repo"])
        if match := _LFS_PUT.match(path):
            return self._lfs_put(match["oid"])
        if match := _RESOLVE.match(path):
            return self._resolve(match["repo"], match["rev"], unquote(match["path"]))
        if match := _API.match(path):
            return self._api(match["repo"], match["action"], match["rest"] or "")
        return self._error(404, f"no route for {self.command} {path}")

    do_GET = do_POST = do_PUT = do_HEAD = do_DELETE = _route  # noqa: N815  (names http.server dispatches to)

    # --- endpoints ---
    def _create_repo(self) -> None:
        body = json.loads(self._body() or b"{}")
        if not self._authorised():
            return
        repo_id = f"{body['organization']}/{body['name']}" if body.get("organization") else body["name"]
        url = f"{self.state.endpoint}/datasets/{repo_id}"
        with self.state.lock:
            if repo_id in self.state.repos:
                message = "You already created this dataset repo"
                return self._send(409, {"error": message, "url": url}, {"X-Error-Message": message})
            repo = Repo(private=bool(body.get("private")))
            attributes = (
                b"*.parquet filter=lfs diff=lfs merge=lfs -text\n*.png filter=lfs diff=lfs merge=lfs -text\n"
            )
            sha = self.state.new_commit(repo, None, {".gitattributes": attributes}, "initial commit")
            repo.branches["main"] = sha
            self.state.repos[repo_id] = repo
        self._send(200, {"url": url, "name": repo_id})

    def _api(self, repo_id: str, action: str, rest: str) -> None:
        if action in ("preupload", "commit", "tag", "branch") and not self._authorised():
            return
        repo = self._repo(repo_id)
        if repo is None:
            return
        if action == "revision":
            return self._info(repo_id, repo, rest)
        if action == "refs":
            return self._refs(repo)
        if action == "tree":
            revision, _, sub = rest.partition("/")
            return self._tree(repo, revision, unquote(sub))
        if action == "paths-info":
            return self._paths_info(repo, rest)
        if action == "preupload":
            return self._preupload(repo, rest)
        if action == "commit":
            return self._commit(repo_id, repo, rest)
        if action == "tag":
            return self._tag(repo, rest)
        if action == "branch":
            return self._branch(repo, rest)
        self._error(404, f"no action {action}")

    def _info(self, repo_id: str, repo: Repo, revision: str) -> None:
        sha = repo.resolve(revision or "main")
        if sha is None:
            return self._error(404, f"Invalid rev id: {revision}", "RevisionNotFound")
        files = repo.commits[sha]
        self._send(
            200,
            {
                "_id": repo_id,
                "id": repo_id,
                "sha": sha,
                "private": repo.private,
                "disabled": False,
                "gated": False,
                "downloads": 0,
                "likes": 0,
                "tags": [],
                "lastModified": "2026-01-01T00:00:00.000Z",
                "createdAt": "2026-01-01T00:00:00.000Z",
                "siblings": [{"rfilename": path} for path in sorted(files)],
                "cardData": {},
            },
        )

    def _refs(self, repo: Repo) -> None:
        def ref(kind: str, name: str, sha: str) -> dict[str, str]:
            return {"name": name, "ref": f"refs/{kind}/{name}", "targetCommit": sha}

        self._send(
            200,
            {
                "branches": [ref("heads", name, sha) for name, sha in sorted(repo.branches.items())],
                "tags": [ref("tags", name, sha) for name, sha in sorted(repo.tags.items())],
                "converts": [],
            },
        )

    def _entry(self, path: str, data: bytes) -> dict[str, Any]:
        entry: dict[str, Any] = {"type": "file", "oid": git_blob_oid(data), "size": len(data), "path": path}
        if path.endswith(LFS_SUFFIXES):
            entry["lfs"] = {"oid": hashlib.sha256(data).hexdigest(), "size": len(data), "pointerSize": 130}
        return entry

    def _listing(self, files: dict[str, bytes], prefix: str, recursive: bool) -> list[dict[str, Any]]:
        entries: dict[str, dict[str, Any]] = {}
        start = f"{prefix}/" if prefix else ""
        for path in sorted(files):
            if not path.startswith(start):
                continue
            parts = path[len(start) :].split("/")
            for depth in range(1, len(parts)):
                folder = start + "/".join(parts[:depth])
                if recursive or depth == 1:
                    entries.setdefault(
                        folder,
                        {
                            "type": "directory",
                            "oid": hashlib.sha1(folder.encode()).hexdigest(),
                            "size": 0,
                            "path": folder,
                        },
                    )
            if recursive or len(parts) == 1:
                entries[path] = self._entry(path, files[path])
        return [entries[key] for key in sorted(entries)]

    def _tree(self, repo: Repo, revision: str, prefix: str) -> None:
        sha = repo.resolve(revision)
        if sha is None:
            return self._error(404, f"Invalid rev id: {revision}", "RevisionNotFound")
        files = repo.commits[sha]
        if prefix and not any(path.startswith(f"{prefix}/") for path in files):
            return self._error(404, f"{prefix} does not exist", "EntryNotFound")
        recursive = self.query.get("recursive", ["false"])[0].lower() in ("true", "1")
        self._send(200, self._listing(files, prefix, recursive))

    def _paths_info(self, repo: Repo, revision: str) -> None:
        body = self._body()
        content_type = self.headers.get("Content-Type", "")
        form = (
            json.loads(body) if "json" in content_type else {k: v for k, v in parse_qs(body.decode()).items()}
        )
        paths = form.get("paths", [])
        paths = [paths] if isinstance(paths, str) else paths
        sha = repo.resolve(revision)
        if sha is None:
            return self._error(404, f"Invalid rev id: {revision}", "RevisionNotFound")
        files = repo.commits[sha]
        result = []
        for path in paths:
            path = path.strip("/")
            if path in files:
                result.append(self._entry(path, files[path]))
            elif any(name.startswith(f"{path}/") for name in files):
                result.append(
                    {
                        "type": "directory",
                        "oid": hashlib.sha1(path.encode()).hexdigest(),
                        "size": 0,
                        "path": path,
                    }
                )
        self._send(200, result)

    def _preupload(self, repo: Repo, revision: str) -> None:
        body = json.loads(self._body())
        if self._injected_failure("preupload"):
            return
        sha = repo.resolve(revision)
        files = repo.commits[sha] if sha else {}
        answer = []
        for item in body["files"]:
            path = item["path"]
            existing = files.get(path)
            lfs = path.endswith(LFS_SUFFIXES) and item["size"] > 0
            oid = None
            if existing is not None:
                oid = hashlib.sha256(existing).hexdigest() if lfs else git_blob_oid(existing)
            answer.append(
                {"path": path, "uploadMode": "lfs" if lfs else "regular", "shouldIgnore": False, "oid": oid}
            )
        self._send(200, {"files": answer, "commitOid": sha})

    def _lfs_batch(self, repo_id: str) -> None:
        body = json.loads(self._body())
        if not self._authorised() or self._repo(repo_id) is None:
            return
        objects = []
        for item in body["objects"]:
            entry: dict[str, Any] = {"oid": item["oid"], "size": item["size"], "authenticated": True}
            if item["oid"] not in self.state.lfs:
                entry["actions"] = {
                    "upload": {"href": f"{self.state.endpoint}/lfs-upload/{item['oid']}", "header": {}}
                }
            objects.append(entry)
        self._send(200, {"transfer": "basic", "objects": objects, "hash_algo": "sha256"})

    def _lfs_put(self, oid: str) -> None:
        data = self._body()
        if self._injected_failure("lfs_upload"):
            return
        if hashlib.sha256(data).hexdigest() != oid:
            return self._error(400, "sha256 mismatch")
        with self.state.lock:
            self.state.lfs[oid] = data
        self._send(200, {})

    def _commit(self, repo_id: str, repo: Repo, revision: str) -> None:
        lines = [json.loads(line) for line in self._body().splitlines() if line.strip()]
        if self._injected_failure("commit"):
            return
        branch = unquote(revision)
        with self.state.lock:
            head = repo.branches.get(branch)
            if head is None:
                return self._error(404, f"Invalid rev id: {branch}", "RevisionNotFound")
            header = next(line["value"] for line in lines if line["key"] == "header")
            parent = header.get("parentCommit")
            if parent and parent != head:
                return self._error(412, "A commit has happened since. Please refresh and try again.")
            files = dict(repo.commits[head])
            for line in lines:
                value = line["value"]
                if line["key"] == "file":
                    files[value["path"]] = base64.b64decode(value["content"])
                elif line["key"] == "lfsFile":
                    if value["oid"] not in self.state.lfs:
                        return self._error(422, f"LFS object {value['oid']} was not uploaded")
                    files[value["path"]] = self.state.lfs[value["oid"]]
                elif line["key"] == "deletedFile":
                    if value["path"] not in files:
                        return self._error(404, "A file with this name doesn't exist", "EntryNotFound")
                    del files[value["path"]]
                elif line["key"] == "deletedFolder":
                    files = {
                        p: d for p, d in files.items() if not p.startswith(value["path"].rstrip("/") + "/")
                    }
            sha = self.state.new_commit(repo, head, files, header.get("summary", ""))
            repo.branches[branch] = sha
        url = f"{self.state.endpoint}/datasets/{repo_id}/commit/{sha}"
        self._send(200, {"commitUrl": url, "commitOid": sha, "pullRequestUrl": None, "success": True})

    def _tag(self, repo: Repo, rest: str) -> None:
        body = json.loads(self._body() or b"{}")
        if self._injected_failure("tag"):
            return
        if self.command == "DELETE":
            repo.tags.pop(unquote(rest), None)
            return self._send(200, {})
        sha = repo.resolve(rest)
        if sha is None:
            return self._error(404, f"Invalid rev id: {rest}", "RevisionNotFound")
        with self.state.lock:
            if body["tag"] in repo.tags:
                return self._error(409, f"Tag {body['tag']} already exists")
            repo.tags[body["tag"]] = sha
        self._send(200, {})

    def _branch(self, repo: Repo, rest: str) -> None:
        body = json.loads(self._body() or b"{}")
        name = unquote(rest)
        with self.state.lock:
            if name in repo.branches:
                return self._error(409, f"Branch {name} already exists")
            start = repo.resolve(body.get("startingPoint") or "main")
            if start is None:
                return self._error(404, "Invalid starting point", "RevisionNotFound")
            repo.branches[name] = start
        self._send(200, {})

    def _resolve(self, repo_id: str, revision: str, path: str) -> None:
        repo = self.state.repos.get(repo_id)
        if repo is None:
            return self._error(404, "Repository not found", "RepoNotFound")
        sha = repo.resolve(revision)
        if sha is None:
            return self._error(404, f"Invalid rev id: {revision}", "RevisionNotFound")
        data = repo.commits[sha].get(path)
        if data is None:
            return self._error(404, "Entry not found", "EntryNotFound")
        entry = self._entry(path, data)
        etag = entry["lfs"]["oid"] if "lfs" in entry else entry["oid"]
        headers = {"X-Repo-Commit": sha, "ETag": f'"{etag}"', "Accept-Ranges": "bytes"}
        if "lfs" in entry:
            headers["X-Linked-Etag"] = f'"{etag}"'
            headers["X-Linked-Size"] = str(len(data))
        status = 200
        body = data
        range_header = self.headers.get("Range")
        if range_header and (match := re.match(r"bytes=(\d*)-(\d*)", range_header)):
            first = int(match[1]) if match[1] else max(0, len(data) - int(match[2]))
            last = int(match[2]) if match[1] and match[2] else len(data) - 1
            last = min(last, len(data) - 1)
            body = data[first : last + 1]
            headers["Content-Range"] = f"bytes {first}-{last}/{len(data)}"
            status = 206
        self._send(status, headers=headers, raw=body)
