//! What the integration tests share: the library their own build made,
//! under CUDA's names in a folder a program's loader can be pointed at.

use std::path::{Path, PathBuf};

/// `target/<profile>/`: where this test's executable's `deps/` folder is.
pub fn profile_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("the test's path");
    exe.parent()
        .and_then(Path::parent)
        .expect("target/<profile>/deps/<test>")
        .to_path_buf()
}

/// The library this test build made: `cargo test` builds it into
/// `target/<profile>/deps/` (only `cargo build` copies it up beside, where
/// it may be older than the test).
pub fn library() -> PathBuf {
    let library = profile_dir().join("deps/libptx_libcuda.so");
    assert!(
        library.exists(),
        "no {}: cargo test builds it with the test",
        library.display()
    );
    library
}

/// A folder holding [`library`] under CUDA's names, as `build.rs` lays
/// out `target/<profile>/cuda/`.
pub fn library_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("ptx-libcuda-lib");
    std::fs::create_dir_all(&dir).expect("a folder for the library's names");
    let library = library();
    for name in [
        "libcuda.so.1",
        "libcuda.so",
        "libcudart.so.13",
        "libcudart.so",
    ] {
        let link = dir.join(name);
        if std::fs::read_link(&link).is_ok_and(|to| to == library) {
            continue;
        }
        let _ = std::fs::remove_file(&link);
        // Tests run at once: another may have made the same link meanwhile.
        if let Err(e) = std::os::unix::fs::symlink(&library, &link) {
            assert!(
                std::fs::read_link(&link).is_ok_and(|to| to == library),
                "cannot link {}: {e}",
                link.display()
            );
        }
    }
    dir
}
