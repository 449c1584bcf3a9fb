//! Helpers of the tests of faults a careless or hostile user meets (`reliability.rs`,
//! `integrity.rs`): the binary, its outcome, snapshots of results folders, forged states,
//! and a small tmpfs to fill.

use crate::common::scratch::Scratch;
use crate::common::{scratch, sim};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

pub fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_sim")
}

pub fn ok(o: &Output) -> String {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn err(o: &Output) -> String {
    assert!(!o.status.success(), "succeeded: {}", String::from_utf8_lossy(&o.stdout));
    let e = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(!e.contains("panicked"), "{e}");
    e
}

pub fn read(path: impl AsRef<Path>) -> String {
    std::fs::read_to_string(path.as_ref()).unwrap_or_else(|e| panic!("{}: {e}", path.as_ref().display()))
}

/// The names in `dir` that start with a dot (staging, aside, lock).
pub fn hidden(dir: &Path) -> Vec<String> {
    let names = std::fs::read_dir(dir).map(|d| d.flatten().map(|e| e.file_name().to_string_lossy().into_owned()));
    names.map_or_else(|_| Vec::new(), |n| n.filter(|n| n.starts_with('.')).collect())
}

pub fn euid() -> u32 {
    // SAFETY: geteuid only reads the process's user id.
    unsafe { libc::geteuid() }
}

/// Every file under `dir`, by its path there, with its bytes (sorted by path).
pub fn snapshot(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut files = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            match e.file_type().unwrap().is_dir() {
                true => todo.push(e.path()),
                false => {
                    files.push((e.path().strip_prefix(dir).unwrap().to_path_buf(), std::fs::read(e.path()).unwrap()))
                }
            }
        }
    }
    files.sort();
    files
}

pub fn copy(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap().flatten() {
        std::fs::copy(e.path(), to.join(e.file_name())).unwrap();
    }
}

pub fn merge(dirs: &[&PathBuf], out: &Path, extra: &[&str]) -> Output {
    let mut args = vec!["merge".to_string()];
    args.extend(dirs.iter().map(|d| d.to_str().unwrap().to_string()));
    args.extend(["--out".into(), out.to_str().unwrap().into()]);
    args.extend(extra.iter().map(|s| s.to_string()));
    sim(&args.iter().map(String::as_str).collect::<Vec<_>>(), "")
}

/// A small tmpfs mounted over a scratch folder for one test, unmounted when dropped.
pub struct Tmpfs(pub Scratch);

impl Tmpfs {
    /// Mounts `size` (`8m`) at a fresh scratch folder, or says in one line why not.
    pub fn mount(name: &str, size: &str) -> Option<Tmpfs> {
        if euid() != 0 {
            eprintln!("skipped: a full disk is simulated with a tmpfs, which only root may mount");
            return None;
        }
        let dir = scratch(name);
        let mounted = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(dir.as_os_str())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        if !mounted {
            eprintln!("skipped: cannot mount a tmpfs at {} (no mount permission here)", dir.display());
            return None;
        }
        Some(Tmpfs(dir))
    }

    /// Fills the disk with a file until `leave` bytes are free.
    pub fn fill(&self, leave: u64) {
        let path = std::ffi::CString::new(self.0.to_str().unwrap()).unwrap();
        // SAFETY: statvfs only writes the struct it is given.
        let mut st: libc::statvfs = unsafe { std::mem::zeroed() };
        assert_eq!(unsafe { libc::statvfs(path.as_ptr(), &mut st) }, 0);
        let free = st.f_bavail * st.f_frsize;
        assert!(free > leave, "only {free} bytes free before filling");
        std::fs::write(self.0.join("filler"), vec![0u8; (free - leave) as usize]).unwrap();
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(self.0.as_os_str()).status();
        let _ = std::fs::remove_dir(&self.0);
    }
}

/// The one-line error of a run that failed, without a panic.
pub fn one_line_error(o: &Output) -> String {
    let e = err(o);
    assert_eq!(e.trim_end().lines().count(), 1, "{e}");
    e
}
