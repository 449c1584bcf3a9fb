//! Putting a run's result folders in place in one step, or not at all.
//!
//! A run writes every folder it produces (`notebooks-data/<study>/`, `reports/<study>/`,
//! the `--log-dir` folder) under a hidden staging name beside it, `.<name>.partial-<pid>`.
//! [`commit`] first moves every old folder aside (`.<name>.old-<pid>`), then every
//! staging folder into place, and only then deletes the old ones; when a step fails, what
//! was moved is moved back, so the folders hold all the old results or all the new ones.
//! The folders lie in different places (`notebooks-data/`, `reports/`, a `--log-dir`), so
//! no single rename switches them: a journal, `<out>/.sim-switch-<pid>`, lists them from
//! before the first rename to after the last, and the next run in `--out` rolls a killed
//! run's switch back completely by it (every new folder out, every old one back), before
//! anything else.
//!
//! An advisory lock on `<out>/.sim-lock` (the file holds the writer's pid, for the error)
//! stops a second run from writing into the same `--out` at once (the lock is opened
//! without following a symbolic link, and must be a plain file of one link, so a planted
//! link never makes a run truncate another file); the kernel releases it
//! when its run ends, even when killed ([`Lock`]). What a killed run leaves (staging and
//! aside folders, named by its pid) is cleared by the next run once that pid is no longer
//! running (by pid, not by the lock: a `--log-dir` may lie outside `--out`, beside other
//! runs' folders); an aside folder whose folder is missing (a run killed in mid-switch) is
//! moved back. SIGINT, SIGTERM and SIGHUP remove this run's staging folders and lock, then exit
//! (with status 128 + the signal); a signal arriving during the switch waits for its end.

use anyhow::{Context, Result, bail};
use serde::{Deserialize, Serialize};
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, Once};

/// Paths a signal removes before the process exits: this run's staging folders and lock.
static ON_SIGNAL: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// The registry of paths to remove on a signal (a poisoned lock is still usable).
fn on_signal() -> MutexGuard<'static, Vec<PathBuf>> {
    ON_SIGNAL.lock().unwrap_or_else(|e| e.into_inner())
}

/// Starts, once, the thread that cleans up on SIGINT, SIGTERM and SIGHUP.
#[cfg(unix)]
fn handle_signals() {
    static START: Once = Once::new();
    START.call_once(|| {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else { return };
        std::thread::spawn(move || {
            if let Some(signal) = signals.forever().next() {
                for path in on_signal().iter() {
                    let _ = if path.is_dir() { fs::remove_dir_all(path) } else { fs::remove_file(path) };
                }
                std::process::exit(128 + signal);
            }
        });
    });
}

/// Elsewhere than on Unix no signal is caught: a stopped run leaves its staging folders.
#[cfg(not(unix))]
fn handle_signals() {}

/// Whether process `pid` is running (on this machine).
#[cfg(unix)]
fn alive(pid: u32) -> bool {
    let Ok(pid) = libc::pid_t::try_from(pid) else { return false };
    // SAFETY: signal 0 only asks whether the process exists; nothing is sent.
    let found = unsafe { libc::kill(pid, 0) } == 0;
    found || std::io::Error::last_os_error().raw_os_error() == Some(libc::EPERM)
}

/// Elsewhere than on Unix every pid counts as running, so nothing another run left is
/// ever cleared or rolled back by guess (remove such leftovers by hand).
#[cfg(not(unix))]
fn alive(_pid: u32) -> bool {
    true
}

/// `<out>/.sim-lock`: held by one run at a time, removed when dropped.
///
/// The exclusion is the kernel's advisory lock on the open file ([`fs::File::try_lock`]),
/// which ends with the process however it ends, so a killed run's lock is never taken
/// over by hand; the pid written in the file only names the holder in the error. The file
/// is removed while still locked, and a run that locked a file no longer at the path (it
/// was removed after being opened) tries again, so two runs never hold two files at once.
pub struct Lock {
    path: PathBuf,
    _file: fs::File,
}

/// Opens (creating) the lock file `path`, refusing a symbolic link (not followed) and
/// anything but a plain file of one link (a hard link to another file would be truncated).
#[cfg(unix)]
fn open_lock(path: &Path, out: &Path) -> Result<fs::File> {
    use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
    let not_plain =
        || format!("cannot lock {}: {} is not a plain file sim made: remove it", out.display(), path.display());
    let opened = fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
        .open(path);
    let file = match opened {
        Err(e) if e.raw_os_error() == Some(libc::ELOOP) => bail!("{} (a symbolic link)", not_plain()),
        opened => opened.with_context(|| format!("cannot lock {}", out.display()))?,
    };
    let meta = file.metadata().with_context(|| format!("cannot lock {}", out.display()))?;
    if !meta.file_type().is_file() || meta.nlink() != 1 {
        bail!("{} (a folder, a device or a file of several links)", not_plain());
    }
    Ok(file)
}

/// Elsewhere than on Unix: a symbolic link or anything but a plain file at `path` is
/// refused before opening (checked, then opened: not atomic, as Unix's no-follow open is).
#[cfg(not(unix))]
fn open_lock(path: &Path, out: &Path) -> Result<fs::File> {
    if fs::symlink_metadata(path).is_ok_and(|m| !m.file_type().is_file()) {
        bail!("cannot lock {}: {} is not a plain file sim made: remove it", out.display(), path.display());
    }
    let opened = fs::OpenOptions::new().read(true).write(true).create(true).truncate(false).open(path);
    opened.with_context(|| format!("cannot lock {}", out.display()))
}

/// Whether two metadata are of the same file: (device, inode) on Unix; elsewhere the same
/// creation time, or always when it cannot be read.
fn same_file(a: &fs::Metadata, b: &fs::Metadata) -> bool {
    file_key(a) == file_key(b)
}

/// A key telling files apart: (device, inode) on Unix.
#[cfg(unix)]
fn file_key(m: &fs::Metadata) -> (u64, u64) {
    use std::os::unix::fs::MetadataExt;
    (m.dev(), m.ino())
}

/// A key telling files apart: (0, creation time in nanoseconds) where there are no inodes.
#[cfg(not(unix))]
fn file_key(m: &fs::Metadata) -> (u64, u64) {
    let created = m.created().ok().and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok());
    (0, created.map_or(0, |d| d.as_nanos() as u64))
}

impl Lock {
    /// Takes the lock of `out` (created if missing), or names the live run that holds it.
    pub fn acquire(out: &Path) -> Result<Lock> {
        use std::io::Write;
        fs::create_dir_all(out).with_context(|| format!("cannot create {}", out.display()))?;
        handle_signals();
        let path = out.join(".sim-lock");
        let cannot = |e: std::io::Error| anyhow::Error::from(e).context(format!("cannot lock {}", out.display()));
        for _ in 0..100 {
            let mut file = open_lock(&path, out)?;
            match file.try_lock() {
                Ok(()) => {}
                Err(fs::TryLockError::WouldBlock) => {
                    let pid = fs::read_to_string(&path).ok().and_then(|t| t.trim().parse::<u32>().ok());
                    let pid = pid.map_or_else(|| "pid not yet written".to_string(), |p| format!("pid {p}"));
                    bail!("another run is writing here ({pid}): {} is locked by {}", out.display(), path.display());
                }
                Err(fs::TryLockError::Error(e)) => return Err(cannot(e)),
            }
            // Locked, but the file may have been removed by its holder after this run opened it.
            let (held, named) = (file.metadata().map_err(cannot)?, fs::metadata(&path));
            if named.is_ok_and(|n| same_file(&n, &held)) {
                file.set_len(0).map_err(cannot)?;
                writeln!(file, "{}", std::process::id()).map_err(cannot)?;
                on_signal().push(path.clone());
                recover_switches(out);
                return Ok(Lock { path, _file: file });
            }
        }
        bail!("cannot lock {}: its lock {} keeps being replaced", out.display(), path.display())
    }
}

impl Drop for Lock {
    fn drop(&mut self) {
        on_signal().retain(|p| p != &self.path);
        // Removed while still locked (the file is closed after this): see the type's doc.
        let _ = fs::remove_file(&self.path);
    }
}

/// One result folder: where it is written, where it goes, where its old contents wait.
pub struct Folder {
    /// The staging folder written by the run.
    pub staging: PathBuf,
    /// The folder the results end up in.
    pub target: PathBuf,
    aside: PathBuf,
}

impl Folder {
    /// Stages `target` (its parent created, stale leftovers there cleared); `check` vets
    /// the folder it would replace, before anything is written.
    pub fn stage(target: &Path, check: impl Fn(&Path) -> Result<()>) -> Result<Folder> {
        let full = std::path::absolute(target).with_context(|| format!("cannot resolve {}", target.display()))?;
        let (Some(parent), Some(name)) = (full.parent(), full.file_name().and_then(|n| n.to_str())) else {
            bail!("{} does not name a folder", target.display());
        };
        if target.exists() && !target.is_dir() {
            bail!("{} is in the way: it is not a folder", target.display());
        }
        if target.is_dir() {
            check(target)?;
        }
        fs::create_dir_all(parent).with_context(|| format!("cannot create {}", parent.display()))?;
        clear_stale(parent);
        let pid = std::process::id();
        let folder = Folder {
            staging: parent.join(format!(".{name}.partial-{pid}")),
            aside: parent.join(format!(".{name}.old-{pid}")),
            target: target.to_path_buf(),
        };
        if folder.staging.exists() {
            fs::remove_dir_all(&folder.staging)
                .with_context(|| format!("cannot clear {}", folder.staging.display()))?;
        }
        fs::create_dir(&folder.staging).with_context(|| format!("cannot create {}", folder.staging.display()))?;
        on_signal().push(folder.staging.clone());
        Ok(folder)
    }
}

impl Drop for Folder {
    fn drop(&mut self) {
        // After a commit the staging folder no longer exists; otherwise discard it.
        on_signal().retain(|p| p != &self.staging);
        let _ = fs::remove_dir_all(&self.staging);
    }
}

/// The staging folder of `target` in this process (where a run writes `target`'s files).
pub fn staging_path(target: &Path) -> PathBuf {
    let target = std::path::absolute(target).unwrap_or_else(|_| target.to_path_buf());
    let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    target.with_file_name(format!(".{name}.partial-{}", std::process::id()))
}

/// Removes the staging and aside folders in `parent` left by processes no longer running;
/// an aside folder whose folder is missing is moved back instead.
fn clear_stale(parent: &Path) {
    let Ok(entries) = fs::read_dir(parent) else { return };
    for entry in entries.flatten() {
        let file = entry.file_name();
        let Some(hidden) = file.to_str().and_then(|n| n.strip_prefix('.')) else { continue };
        let Some((name, kind, pid)) = [".partial-", ".old-"]
            .iter()
            .find_map(|k| hidden.rsplit_once(k).map(|(n, p)| (n, *k, p)))
            .and_then(|(n, k, p)| Some((n, k, p.parse::<u32>().ok()?)))
        else {
            continue;
        };
        if pid == std::process::id() || alive(pid) || !entry.path().is_dir() {
            continue;
        }
        let target = parent.join(name);
        let restored = kind == ".old-" && !target.exists() && fs::rename(entry.path(), &target).is_ok();
        if !restored && let Err(e) = fs::remove_dir_all(entry.path()) {
            crate::console::note(&format!(
                "warning: cannot remove {} (left by an interrupted run): {e}",
                entry.path().display()
            ));
        }
    }
}

/// One folder of a switch, as its journal lists it (paths absolute).
#[derive(Serialize, Deserialize)]
struct Entry {
    staging: PathBuf,
    target: PathBuf,
    aside: PathBuf,
    /// The staging folder's key ([`file_key`]): the target is the new results when it has it.
    new: (u64, u64),
}

/// The key ([`file_key`]) of the folder at `path`.
fn identity(path: &Path) -> Option<(u64, u64)> {
    fs::symlink_metadata(path).ok().map(|m| file_key(&m))
}

/// Rolls back the switches of runs killed in mid-switch in `out` (their journals,
/// `.sim-switch-<pid>` of a process no longer running): each folder's new results are taken
/// out, its old ones put back, then the journal removed (every step may be repeated if this
/// is killed too).
fn recover_switches(out: &Path) {
    let Ok(entries) = fs::read_dir(out) else { return };
    for file in entries.flatten() {
        let name = file.file_name();
        let Some(pid) = name.to_str().and_then(|n| n.strip_prefix(".sim-switch-")).and_then(|p| p.parse().ok()) else {
            continue;
        };
        if pid == std::process::id() || alive(pid) {
            continue;
        }
        // A journal cut short was being written: no folder had moved yet.
        let journal: Vec<Entry> =
            fs::read_to_string(file.path()).ok().and_then(|t| serde_json::from_str(&t).ok()).unwrap_or_default();
        for e in &journal {
            if identity(&e.target) == Some(e.new) {
                let _ = fs::rename(&e.target, &e.staging);
            }
            if e.aside.is_dir() && !e.target.exists() {
                let _ = fs::rename(&e.aside, &e.target);
            }
            let _ = fs::remove_dir_all(&e.staging);
        }
        match fs::remove_file(file.path()) {
            Ok(()) if !journal.is_empty() => crate::console::note(&format!(
                "note: a run (pid {pid}) was killed while switching its results into {}; the earlier results are back",
                out.display()
            )),
            Ok(()) => {}
            Err(e) => crate::console::note(&format!("warning: cannot remove {}: {e}", file.path().display())),
        }
    }
}

/// Moves each of `folders`' staging folders into place as one step: all or none, even when
/// killed. `lock` is the `--out` lock held, beside which the journal is kept from before the
/// first rename until every folder is in place ([`recover_switches`]).
pub fn commit(lock: &Lock, folders: &[&Folder]) -> Result<()> {
    // A signal waits until the folders are switched (its handler takes this lock).
    let _hold = on_signal();
    let journal_file = lock.path.with_file_name(format!(".sim-switch-{}", std::process::id()));
    let mut journal = Vec::new();
    for f in folders {
        let new =
            identity(&f.staging).with_context(|| format!("cannot read {}; nothing replaced", f.staging.display()))?;
        let target =
            std::path::absolute(&f.target).with_context(|| format!("cannot resolve {}", f.target.display()))?;
        journal.push(Entry { staging: f.staging.clone(), target, aside: f.aside.clone(), new });
    }
    let text = serde_json::to_string(&journal).context("cannot record the switch (a folder name is not UTF-8)")?;
    fs::write(&journal_file, text)
        .with_context(|| format!("cannot write {}; nothing replaced", journal_file.display()))?;
    let switched = switch(folders);
    // The commit point: with the journal gone, the new results stand.
    let removed = fs::remove_file(&journal_file);
    let moved_aside = switched?;
    if let Err(e) = removed {
        undo(&moved_aside, folders);
        return Err(e).with_context(|| format!("cannot remove {}; nothing replaced", journal_file.display()));
    }
    for f in moved_aside {
        if let Err(e) = fs::remove_dir_all(&f.aside) {
            crate::console::note(&format!(
                "warning: the new results are in place, but the old ones in {} remain: {e}",
                f.aside.display()
            ));
        }
    }
    Ok(())
}

/// Moves the folders moved in back to staging, then the folders moved aside back.
fn undo(aside: &[&Folder], moved: &[&Folder]) {
    for f in moved {
        let _ = fs::rename(&f.target, &f.staging);
    }
    for f in aside {
        let _ = fs::rename(&f.aside, &f.target);
    }
}

/// [`commit`]'s renames: every old folder aside, then every new one in (both undone on a
/// failure); the folders moved aside.
fn switch<'a>(folders: &[&'a Folder]) -> Result<Vec<&'a Folder>> {
    let mut moved_aside = Vec::new();
    let mut moved_in = Vec::new();
    for f in folders {
        if f.target.exists() {
            if let Err(e) = fs::rename(&f.target, &f.aside) {
                undo(&moved_aside, &[]);
                return Err(e).with_context(|| format!("cannot move {} aside; nothing replaced", f.target.display()));
            }
            moved_aside.push(*f);
        }
    }
    for f in folders {
        if let Err(e) = fs::rename(&f.staging, &f.target) {
            undo(&moved_aside, &moved_in);
            return Err(e)
                .with_context(|| format!("cannot move results into {}; nothing replaced", f.target.display()));
        }
        moved_in.push(*f);
    }
    Ok(moved_aside)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("sim-commit-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn no_check(_: &Path) -> Result<()> {
        Ok(())
    }

    #[test]
    fn a_failed_switch_puts_every_old_folder_back() {
        let root = scratch("rollback");
        for name in ["a", "b"] {
            fs::create_dir_all(root.join(name)).unwrap();
            fs::write(root.join(name).join("old.txt"), "old").unwrap();
        }
        let folders =
            [Folder::stage(&root.join("a"), no_check).unwrap(), Folder::stage(&root.join("b"), no_check).unwrap()];
        fs::write(folders[0].staging.join("new.txt"), "new").unwrap();
        // The second folder's staging vanished: the switch fails before anything moves.
        fs::remove_dir_all(&folders[1].staging).unwrap();
        let lock = Lock::acquire(&root).unwrap();
        let e = commit(&lock, &[&folders[0], &folders[1]]).unwrap_err();
        assert!(format!("{e:#}").contains("nothing replaced"), "{e:#}");
        for name in ["a", "b"] {
            assert_eq!(fs::read_to_string(root.join(name).join("old.txt")).unwrap(), "old", "{name} restored");
        }
        assert!(!root.join("a/new.txt").exists());
        fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn leftovers_of_dead_runs_are_cleared_and_an_orphaned_aside_is_restored() {
        let root = scratch("stale");
        // Pid 0x7fff_fff0 is above the kernel's pid limit: never a running process.
        let dead = 0x7fff_fff0u32;
        fs::create_dir_all(root.join(format!(".x.partial-{dead}"))).unwrap();
        fs::create_dir_all(root.join(format!(".y.old-{dead}"))).unwrap();
        fs::write(root.join(format!(".y.old-{dead}/t.csv")), "old y").unwrap();
        fs::write(root.join(".sim-lock"), format!("{dead}\n")).unwrap();
        let lock = Lock::acquire(&root).expect("a dead run's lock is taken over");
        let _x = Folder::stage(&root.join("x"), no_check).unwrap();
        assert!(!root.join(format!(".x.partial-{dead}")).exists());
        assert_eq!(fs::read_to_string(root.join("y/t.csv")).unwrap(), "old y");
        let e = Lock::acquire(&root).err().expect("a live run's lock holds");
        assert!(e.to_string().contains(&format!("another run is writing here (pid {})", std::process::id())), "{e}");
        drop(lock);
        assert!(!root.join(".sim-lock").exists());
        fs::remove_dir_all(&root).unwrap();
    }
}
