"""The standard fixture every blind case runs against (files, and the HTTP pages).

Kept apart from run.py so that gen_cases.py can compute exact expectations
(original file contents, line numbers) from the same text the harness writes.
"""

import struct
import zlib

TODO_TXT = "TODO: write docs\nfoo bar foo\nbaz foo qux\nDONE: setup\n"

LOGS_APP = (
    "2024-01-01 INFO server started\n"
    "2024-01-01 ERROR connection refused\n"
    "2024-01-02 error disk full\n"
    "2024-01-02 WARN slow request\n"
    "2024-01-03 Error timeout reached\n"
)

MAIN_GO = '''package main

import (
	"fmt"
	"os"

	"example.com/fixture/internal/server"
)

func main() {
	addr := os.Getenv("ADDR")
	if addr == "" {
		addr = ":8080"
	}
	fmt.Println("starting server on", addr)
	if err := server.Run(addr); err != nil {
		fmt.Fprintln(os.Stderr, "error:", err)
		os.Exit(1)
	}
}
'''

MODELS_PY = '''class User:
    def __init__(self, name, age):
        self.name = name
        self.age = age

    def greet(self):
        return "Hello, " + self.name


class Admin(User):
    def greet(self):
        return "Welcome back, " + self.name
'''

CONFIG_YAML = """server:
  port: 8080
  debug: false
database:
  host: localhost
  port: 5432
"""

API_MD = "# API\n\nGET /health returns ok.\nGET /users returns a JSON list of users.\n"

GUIDE_MD = """# Guide

## Installation

Install with `go install`.

## Configuration

Edit config.yaml to change the port.
"""

REQUIREMENTS = "requests==2.31.0\npytest==8.0.0\n"

LONG_TXT = "".join("row %04d: value %d\n" % (i, i) for i in range(1, 2001))


def _png_1x1():
    def chunk(kind, data):
        c = struct.pack(">I", len(data)) + kind + data
        return c + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    raw = b"\x00\xff\x00\x00"
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


PNG = _png_1x1()

FILES = {
    "README.md": "# Fixture Project\n\nA small multi-language project used by the blind test harness.\n\n"
                 "## Usage\n\nRun `go run .` to start the server.\nRun `npm start` in web/ to start the UI.\n\n"
                 "## License\n\nMIT\n",
    "go.mod": "module example.com/fixture\n\ngo 1.22\n",
    "main.go": MAIN_GO,
    "internal/server/server.go": '''package server

import "net/http"

// Run starts the HTTP server.
func Run(addr string) error {
	mux := http.NewServeMux()
	mux.HandleFunc("/health", HealthHandler)
	mux.HandleFunc("/users", UsersHandler)
	return http.ListenAndServe(addr, mux)
}
''',
    "internal/server/handler.go": '''package server

import (
	"encoding/json"
	"net/http"
)

// HealthHandler reports liveness.
func HealthHandler(w http.ResponseWriter, r *http.Request) {
	w.WriteHeader(http.StatusOK)
	w.Write([]byte("ok"))
}

// UsersHandler lists users.
func UsersHandler(w http.ResponseWriter, r *http.Request) {
	users := []string{"alice", "bob"}
	// TODO: load users from the database
	json.NewEncoder(w).Encode(users)
}
''',
    "internal/server/handler_test.go": '''package server

import "testing"

func TestHealthHandler(t *testing.T) {
	// TODO: write a real test
	t.Skip("not implemented")
}
''',
    "internal/util/strings.go": '''package util

import "strings"

// Reverse returns s reversed.
func Reverse(s string) string {
	r := []rune(s)
	for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
		r[i], r[j] = r[j], r[i]
	}
	return string(r)
}

// Shout upper-cases s.
func Shout(s string) string {
	return strings.ToUpper(s) + "!"
}
''',
    "web/package.json": '{\n  "name": "fixture-web",\n  "version": "1.0.0",\n  "scripts": {\n    "start": "node src/index.js"\n  }\n}\n',
    "web/src/index.js": "const { createApp } = require('./app');\n\nconst app = createApp({ debug: false });\napp.listen(3000);\nconsole.log('listening on 3000');\n",
    "web/src/app.js": """function createApp(options) {
  const config = { debug: options.debug, name: 'fixture' };
  // TODO: add routing
  return {
    config,
    listen(port) {
      console.log('app ' + config.name + ' on ' + port);
    },
  };
}

module.exports = { createApp };
""",
    "web/src/components/Button.jsx": 'export function Button({ label, onClick }) {\n  return <button className="btn" onClick={onClick}>{label}</button>;\n}\n',
    "web/src/components/List.tsx": """type Props = { items: string[] };

export function List({ items }: Props) {
  return (
    <ul>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}
""",
    "web/src/utils.ts": "export function formatName(first: string, last: string): string {\n  return `${first} ${last}`;\n}\n\nexport const VERSION = '1.0.0';\n",
    "py/app.py": '''from models import User


def main():
    user = User("alice", 30)
    print(user.greet())
    # TODO: parse command line arguments


if __name__ == "__main__":
    main()
''',
    "py/models.py": MODELS_PY,
    "py/tests/test_models.py": 'from models import User\n\n\ndef test_greet():\n    assert User("bob", 1).greet() == "Hello, bob"\n',
    "py/requirements.txt": REQUIREMENTS,
    "config.yaml": CONFIG_YAML,
    "config.json": '{"name": "fixture", "debug": false, "retries": 3}\n',
    "docs/guide.md": GUIDE_MD,
    "docs/api.md": API_MD,
    "data/long.txt": LONG_TXT,
    "logs/app.txt": LOGS_APP,
    "notes/todo.txt": TODO_TXT,
    "a/b/c/deep.txt": "deep file\n",
    "scripts/build.sh": "#!/bin/sh\ngo build -o bin/fixture .\n",
    ".gitignore": "build/\n*.log\n",
    "build/output.js": "// generated build output\n",
    "debug.log": "debug log line\n",
    ".env": "SECRET_TOKEN=abc123\n",
    ".hidden/secret.txt": "hidden text\n",
    "node_modules/leftpad/index.js": "module.exports = function leftpad() {}\n",
    "assets/logo.png": PNG,
}

# ---- HTTP pages (served on 127.0.0.1 only) ----

PAGE_HTML = """<!DOCTYPE html>
<html><head><title>Fixture Title</title><style>body { color: red; }</style>
<script>var SCRIPT_SECRET = 1;</script></head>
<body><nav><a href="/nav">NAVLINK</a></nav>
<h1>Fixture Page</h1>
<p>This is the <b>first</b> paragraph with a <a href="https://example.org/doc">doc link</a>.</p>
<ul><li>alpha item</li><li>beta item</li></ul>
</body></html>
"""

DATA_JSON = '{"name": "fixture", "items": [1, 2, 3]}'

# 3,200 lines of exactly 32 bytes: line N starts at byte (N-1)*32.
LONG_BODY = "".join("L%05d abcdefghijklmnopqrstuvwx\n" % i for i in range(1, 3201))
assert all(len(l) == 31 for l in LONG_BODY.splitlines())
