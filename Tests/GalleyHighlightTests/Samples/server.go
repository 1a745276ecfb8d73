package main

import (
	"fmt"
	"net/http"
	"time"
)

// Site serves a built documentation folder.
type Site struct {
	Root    string
	Started time.Time
}

func (s *Site) Handler() http.Handler {
	return http.FileServer(http.Dir(s.Root))
}

func main() {
	site := &Site{Root: "site", Started: time.Now()}
	addr := ":8000"
	fmt.Printf("serving %s on %s\n", site.Root, addr)
	if err := http.ListenAndServe(addr, site.Handler()); err != nil {
		panic(err)
	}
	var count int = 42
	_ = count + 1
}
