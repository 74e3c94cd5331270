//! Names the library as CUDA's are named and puts both names beside it.
//!
//! * The shared object's soname is `libcuda.so.1`, and its version script
//!   defines the version `libcudart.so.13`, which the runtime's entry
//!   points carry (`src/export.rs`) as NVIDIA's do: a program linked
//!   against the real `libcudart.so.13` asks for them by that version.
//! * `target/<profile>/cuda/` gets `libcuda.so.1` and `libcudart.so.13`
//!   (and the unversioned `libcuda.so`, `libcudart.so` for linking),
//!   links to the library that cargo leaves in `target/<profile>/`: the
//!   folder to put in `LD_LIBRARY_PATH`.

use std::path::{Path, PathBuf};

/// The file cargo links the cdylib into, in `target/<profile>/`.
const LIBRARY: &str = "libptx_libcuda.so";

/// The names the library answers to, in `target/<profile>/cuda/`.
const NAMES: [&str; 4] = [
    "libcuda.so.1",
    "libcuda.so",
    "libcudart.so.13",
    "libcudart.so",
];

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let script = manifest.join("versions.map");
    println!("cargo:rerun-if-changed=versions.map");
    println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libcuda.so.1");
    println!(
        "cargo:rustc-cdylib-link-arg=-Wl,--version-script={}",
        script.display()
    );
    if let Some(profile_dir) = profile_dir() {
        let folder = profile_dir.join("cuda");
        if let Err(e) = place_links(&folder) {
            println!(
                "cargo:warning=could not place the CUDA library names in {}: {e}",
                folder.display()
            );
        }
    }
}

/// `target/<profile>/`: three folders above `OUT_DIR`
/// (`target/<profile>/build/ptx-libcuda-<hash>/out`).
fn profile_dir() -> Option<PathBuf> {
    let out = PathBuf::from(std::env::var_os("OUT_DIR")?);
    Some(out.ancestors().nth(3)?.to_path_buf())
}

/// Makes each of [`NAMES`] in `folder` a link to `../`[`LIBRARY`] (which
/// cargo links after this script has run).
fn place_links(folder: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(folder)?;
    let target = Path::new("..").join(LIBRARY);
    for name in NAMES {
        let link = folder.join(name);
        match std::fs::read_link(&link) {
            Ok(existing) if existing == target => continue,
            Ok(_) => std::fs::remove_file(&link)?,
            Err(_) if link.exists() => std::fs::remove_file(&link)?,
            Err(_) => {}
        }
        std::os::unix::fs::symlink(&target, &link)?;
    }
    Ok(())
}
