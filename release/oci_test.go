package release

import (
	"archive/tar"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// ociImage is an image read from an OCI image layout directory: its config
// and the files of its layers, unpacked.
type ociImage struct {
	config ociConfig
	// files are the layers' entries by path (without the leading /), the
	// later layers' over the earlier ones.
	files map[string]*tar.Header
	// rootfs is where the layers' regular files were written.
	rootfs string
}

// ociConfig is the part of the image config (OCI image spec, config.json)
// the tests check.
type ociConfig struct {
	Architecture string `json:"architecture"`
	OS           string `json:"os"`
	Config       struct {
		User         string              `json:"User"`
		Env          []string            `json:"Env"`
		Entrypoint   []string            `json:"Entrypoint"`
		Cmd          []string            `json:"Cmd"`
		WorkingDir   string              `json:"WorkingDir"`
		ExposedPorts map[string]struct{} `json:"ExposedPorts"`
		Labels       map[string]string   `json:"Labels"`
	} `json:"config"`
}

type ociDescriptor struct {
	MediaType   string            `json:"mediaType"`
	Digest      string            `json:"digest"`
	Annotations map[string]string `json:"annotations"`
}

// readLayout reads the image tagged tag from the layout at dir and unpacks
// its layers into rootfs: plain tar, as a runtime's unpacker would, less
// ownership (the test runs as whoever it is) and whiteouts (one layer
// set, nothing to delete).
func readLayout(dir, tag, rootfs string) (*ociImage, error) {
	var index struct{ Manifests []ociDescriptor }
	if err := readJSON(filepath.Join(dir, "index.json"), &index); err != nil {
		return nil, err
	}
	var manifest *ociDescriptor
	for i, m := range index.Manifests {
		if m.Annotations["org.opencontainers.image.ref.name"] == tag {
			manifest = &index.Manifests[i]
		}
	}
	if manifest == nil {
		return nil, fmt.Errorf("%s/index.json: no manifest tagged %q", dir, tag)
	}
	var m struct {
		Config ociDescriptor
		Layers []ociDescriptor
	}
	if err := readJSON(blobPath(dir, manifest.Digest), &m); err != nil {
		return nil, err
	}
	img := &ociImage{files: map[string]*tar.Header{}, rootfs: rootfs}
	if err := readJSON(blobPath(dir, m.Config.Digest), &img.config); err != nil {
		return nil, err
	}
	for _, l := range m.Layers {
		if err := img.unpack(blobPath(dir, l.Digest), l.MediaType); err != nil {
			return nil, fmt.Errorf("layer %s: %w", l.Digest, err)
		}
	}
	return img, nil
}

func blobPath(dir, digest string) string {
	algo, hex, _ := strings.Cut(digest, ":")
	return filepath.Join(dir, "blobs", algo, hex)
}

func readJSON(path string, v any) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

func (img *ociImage) unpack(path, mediaType string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	var r io.Reader = f
	switch {
	case strings.HasSuffix(mediaType, "+gzip"), strings.HasSuffix(mediaType, ".gzip"):
		gz, err := gzip.NewReader(f)
		if err != nil {
			return err
		}
		defer gz.Close()
		r = gz
	case strings.HasSuffix(mediaType, ".tar"), strings.HasSuffix(mediaType, "tar"):
	default:
		return fmt.Errorf("layer media type %q is not one this test reads", mediaType)
	}
	tr := tar.NewReader(r)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		name := strings.TrimPrefix(filepath.Clean("/"+h.Name), "/")
		if name == "" {
			continue
		}
		img.files[name] = h
		if err := img.write(name, h, tr); err != nil {
			return err
		}
	}
}

func (img *ociImage) write(name string, h *tar.Header, r io.Reader) error {
	dst := filepath.Join(img.rootfs, name)
	switch h.Typeflag {
	case tar.TypeDir:
		return os.MkdirAll(dst, 0o755)
	case tar.TypeReg:
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		f, err := os.OpenFile(dst, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, os.FileMode(h.Mode)&0o777|0o600)
		if err != nil {
			return err
		}
		if _, err := io.Copy(f, r); err != nil {
			f.Close()
			return err
		}
		return f.Close()
	}
	return nil // links and devices: none in this image, and none needed
}
