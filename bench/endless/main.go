// Command endless serves bodies that never end on a loopback port, for
// measuring what many concurrent endless downloads cost f0
// (bench/memory.sh). It prints its URL and serves until killed.
//
//	go run ./bench/endless
package main

import (
	"fmt"
	"log"
	"net"
	"net/http"
	"strings"
)

func main() {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("http://%s/\n", ln.Addr())
	chunk := []byte(strings.Repeat("an endless body line of text\n", 2000))
	log.Fatal(http.Serve(ln, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		for r.Context().Err() == nil {
			if _, err := w.Write(chunk); err != nil {
				return
			}
		}
	})))
}
