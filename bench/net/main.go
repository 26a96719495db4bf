// Command net compares an in-process net.curl GET with the curl binary
// fetching the same loopback URL, and prints the ratio.
//
//	go run ./bench/net -n 500
//
// Both fetch a small JSON document from an HTTP server on 127.0.0.1 that
// this program starts. net.curl runs through the whole f0 pipeline
// (catalog, argument repair, validation, access check, output shaping),
// with its connection pool, as an MCP server would run it; curl is started
// as a new process for every request, as an agent's shell tool would.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"time"

	"f0/catalog"
	"f0/engine"
)

func main() {
	n := flag.Int("n", 300, "requests per side")
	flag.Parse()
	if *n <= 0 || *n > 100000 {
		log.Fatal("-n: want 1 to 100000")
	}
	url, stop := serve()
	defer stop()

	inProcess, err := timeNetCurl(url, *n)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("net.curl in-process: %d GETs in %v, %v per request\n", *n, inProcess.Round(time.Millisecond), (inProcess / time.Duration(*n)).Round(time.Microsecond))
	curlBin, err := exec.LookPath("curl")
	if err != nil {
		fmt.Println("curl binary: not found on PATH; no ratio")
		return
	}
	binary, err := timeCurl(curlBin, url, *n)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("curl binary:         %d GETs in %v, %v per request\n", *n, binary.Round(time.Millisecond), (binary / time.Duration(*n)).Round(time.Microsecond))
	fmt.Printf("ratio: net.curl is %.1fx the speed of the curl binary (curl time / net.curl time)\n", float64(binary)/float64(inProcess))
}

// serve starts the loopback server; it stops when the program does.
func serve() (string, func()) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"ok":true,"items":[1,2,3]}`)
	})}
	go srv.Serve(ln)
	return "http://" + ln.Addr().String() + "/", func() { srv.Close() }
}

func timeNetCurl(url string, n int) (time.Duration, error) {
	dir, err := os.MkdirTemp("", "f0-bench-")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(dir)
	reg, err := catalog.New(catalog.Options{Roots: []string{dir}})
	if err != nil {
		return 0, err
	}
	p, err := engine.NewHost(reg, engine.Config{})
	if err != nil {
		return 0, err
	}
	args := map[string]any{"args": []any{"-sS", url}}
	start := time.Now()
	for range n {
		res := p.Call(context.Background(), "net.curl", args)
		if res.IsError || !strings.Contains(res.Text, `"ok":true`) {
			return 0, fmt.Errorf("net.curl: %s", res.Text)
		}
	}
	return time.Since(start), nil
}

func timeCurl(bin, url string, n int) (time.Duration, error) {
	start := time.Now()
	for range n {
		out, err := exec.Command(bin, "-sS", url).Output()
		if err != nil || !strings.Contains(string(out), `"ok":true`) {
			return 0, fmt.Errorf("curl: %v: %s", err, out)
		}
	}
	return time.Since(start), nil
}
