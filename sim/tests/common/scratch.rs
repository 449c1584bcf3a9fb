//! A scratch folder per test that is removed when the test ends.

use std::path::{Path, PathBuf};

/// A fresh scratch folder for one test, removed with everything in it when the test ends
/// (passed or failed), so test runs leave nothing behind in the temporary folder.
pub struct Scratch(PathBuf);

impl std::ops::Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<std::ffi::OsStr> for Scratch {
    fn as_ref(&self) -> &std::ffi::OsStr {
        self.0.as_os_str()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A fresh scratch folder for one test (see [`Scratch`]).
pub fn scratch(name: &str) -> Scratch {
    let dir = std::env::temp_dir().join(format!("sim-tests-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    Scratch(dir)
}
