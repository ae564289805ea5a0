// Command serve serves the web build of nimmt (made by `make web`) on a local address:
//
//	go run ./wasm/serve [-dir build/web] [-addr 127.0.0.1:8080]
//
// It serves only that folder, with the right MIME types and the precompressed .gz files when the
// browser accepts gzip. Clients that send nothing, idle or do not read are dropped, and
// connections past 512 are closed at once (netlimit.Default).
package main

import (
	"flag"
	"fmt"
	"log"
	"os"

	"nimmt/netlimit"
	"nimmt/server/site"
)

func main() {
	dir := flag.String("dir", "build/web", "folder to serve")
	addr := flag.String("addr", "127.0.0.1:8080", "address to listen on")
	flag.Parse()
	if _, err := os.Stat(*dir + "/index.html"); err != nil {
		log.Fatalf("serve: %v (run `make web` first)", err)
	}
	h, err := site.New(*dir)
	if err != nil {
		log.Fatal(err)
	}
	defer h.Close()
	ln, err := netlimit.Default.Listen("tcp", *addr)
	if err != nil {
		log.Fatalf("serve: %v", err)
	}
	fmt.Printf("serve: %s on http://%s/\n", *dir, *addr)
	log.Fatal(netlimit.Default.Server(h).Serve(ln))
}
