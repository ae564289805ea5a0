// Package site serves a built web folder (index.html, wasm_exec.js, the game's .wasm, icons, the
// sound effects in sounds/, the text tables in lang/, the fonts in fonts/, and their precompressed .gz copies) over
// HTTP, and nothing outside it.
//
// Requests whose path holds "..", a backslash, a NUL byte or a hidden (dot) segment are refused;
// files are opened through an os.Root, so symbolic links cannot lead out of the folder. Directories
// are never listed: "/" serves index.html and any other directory is 404.
//
// When the client accepts gzip and NAME.gz exists beside NAME, the .gz body is sent with
// Content-Encoding: gzip, and X-Uncompressed-Length carries NAME's size, so that a page can show real
// download progress for the uncompressed bytes that fetch's ReadableStream yields.
package site

import (
	"fmt"
	"io/fs"
	"mime"
	"net/http"
	"os"
	"path"
	"strconv"
	"strings"
)

// UncompressedLengthHeader is the response header that holds the size of the uncompressed file
// when a precompressed body is sent.
const UncompressedLengthHeader = "X-Uncompressed-Length"

var contentTypes = map[string]string{
	".html": "text/html; charset=utf-8",
	".js":   "text/javascript; charset=utf-8",
	".wasm": "application/wasm",
	".css":  "text/css; charset=utf-8",
	".json": "application/json",
	".png":  "image/png",
	".svg":  "image/svg+xml",
	".ico":  "image/x-icon",
	".wav":  "audio/wav",
	".ttf":  "font/ttf",
	".txt":  "text/plain; charset=utf-8",
	".gz":   "application/gzip",
}

// Handler serves the files of one folder.
type Handler struct {
	root *os.Root
}

// New returns a Handler for dir. The caller closes it.
func New(dir string) (*Handler, error) {
	r, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("site: %w", err)
	}
	return &Handler{root: r}, nil
}

// Close releases the folder.
func (h *Handler) Close() error { return h.root.Close() }

// ServeHTTP implements http.Handler.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name, ok := cleanName(r.URL.Path)
	if !ok {
		http.Error(w, "bad path", http.StatusBadRequest)
		return
	}
	if name == "" {
		name = "index.html"
	}
	info, err := h.root.Stat(name)
	if err != nil || !info.Mode().IsRegular() {
		http.NotFound(w, r)
		return
	}
	hdr := w.Header()
	hdr.Set("Content-Type", contentType(name))
	hdr.Set("Cache-Control", "no-cache")
	hdr.Set("X-Content-Type-Options", "nosniff")
	send := name
	if gz, err := h.root.Stat(name + ".gz"); err == nil && gz.Mode().IsRegular() {
		hdr.Add("Vary", "Accept-Encoding")
		if acceptsGzip(r.Header.Get("Accept-Encoding")) {
			send = name + ".gz"
			hdr.Set("Content-Encoding", "gzip")
			hdr.Set(UncompressedLengthHeader, strconv.FormatInt(info.Size(), 10))
			hdr.Set("Access-Control-Expose-Headers", UncompressedLengthHeader)
			info = gz
			if r.Header.Get("Range") == "" {
				// http.ServeContent leaves it out once Content-Encoding is set.
				hdr.Set("Content-Length", strconv.FormatInt(gz.Size(), 10))
			}
		}
	}
	f, err := h.root.Open(send)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	http.ServeContent(w, r, send, info.ModTime(), f)
}

// cleanName turns a URL path into a name relative to the folder, or reports false if the path is
// one that must be refused.
func cleanName(p string) (string, bool) {
	if !strings.HasPrefix(p, "/") || strings.ContainsAny(p, "\\\x00") {
		return "", false
	}
	rel := strings.TrimPrefix(p, "/")
	if rel == "" {
		return "", true
	}
	for _, seg := range strings.Split(rel, "/") {
		if seg == "" || strings.HasPrefix(seg, ".") {
			return "", false // "//", ".", "..", hidden files
		}
	}
	if !fs.ValidPath(rel) || path.Clean(rel) != rel {
		return "", false
	}
	return rel, true
}

func contentType(name string) string {
	ext := path.Ext(name)
	if t, ok := contentTypes[ext]; ok {
		return t
	}
	if t := mime.TypeByExtension(ext); t != "" {
		return t
	}
	return "application/octet-stream"
}

// acceptsGzip reports whether an Accept-Encoding value allows gzip: "gzip" or "*" listed without
// q=0, and gzip not refused explicitly.
func acceptsGzip(v string) bool {
	ok := false
	for _, part := range strings.Split(v, ",") {
		coding, params, _ := strings.Cut(part, ";")
		coding = strings.ToLower(strings.TrimSpace(coding))
		if coding != "gzip" && coding != "*" {
			continue
		}
		q := 1.0
		for _, p := range strings.Split(params, ";") {
			k, val, _ := strings.Cut(strings.TrimSpace(p), "=")
			if strings.EqualFold(k, "q") {
				if f, err := strconv.ParseFloat(strings.TrimSpace(val), 64); err == nil {
					q = f
				}
			}
		}
		if coding == "gzip" {
			return q > 0 // an explicit gzip entry decides
		}
		ok = q > 0
	}
	return ok
}
