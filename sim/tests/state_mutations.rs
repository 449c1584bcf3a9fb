//! Damaged `state.json` files, made by seeded random edits of committed ones: reading one as
//! merge does (`saved::read`) and, when it reads, estimating from it never panics; it
//! either reads or fails with an error. (A fuzzing of the merge input that runs on stable
//! in the normal suite; the format-2 checksum is stripped so the edits reach the fields.)

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sim::duel::DuelStudy;
use sim::games::mahjong::play::MahjongStudy;
use sim::study::Study;
use sim::sweep::SweepStudy;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;
use std::sync::Mutex;

/// The last caught panic's message and place.
static PANIC: Mutex<String> = Mutex::new(String::new());

/// Bytes an edit writes: the JSON structure, signs, digits and a letter.
const BYTES: &[u8] = b"0123456789-+.eE\"[]{},:n";

/// A committed state with its checksum and format removed (format 1: read unchecked).
fn unchecked(study: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../notebooks-data").join(study).join("state.json");
    let text = std::fs::read_to_string(&path).unwrap();
    let text = match text.rfind(",\"checksum\"") {
        Some(at) => format!("{}}}", &text[..at]),
        None => text,
    };
    text.replacen("\"format\":2,", "", 1)
}

/// One random edit of `text`: a byte replaced, a span removed or doubled, or a long number
/// written in.
fn mutate(text: &str, rng: &mut ChaCha8Rng) -> Vec<u8> {
    let mut b = text.as_bytes().to_vec();
    for _ in 0..rng.random_range(1..4) {
        let at = rng.random_range(0..b.len());
        let end = (at + rng.random_range(1..40)).min(b.len());
        match rng.random_range(0..4) {
            0 => b[at] = BYTES[rng.random_range(0..BYTES.len())],
            1 => drop(b.drain(at..end)),
            2 => {
                let span = b[at..end].to_vec();
                b.splice(at..at, span);
            }
            _ => drop(b.splice(at..at, b"99999999999999999999999".iter().copied())),
        }
    }
    b
}

/// Reads `edits` edited copies of `study`'s state as an `S`; counts those that still read,
/// or names the first edit that panicked.
fn survives<S: Study>(study: &str, edits: u64) -> Result<u64, String> {
    let text = unchecked(study);
    let dir = std::env::temp_dir().join(format!("sim-state-mutations-{study}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("state.json");
    std::fs::write(&path, &text).unwrap();
    let study_of = |p| S::from_params(p);
    if let Err(e) = sim::saved::read::<S>(&path, study_of) {
        return Err(format!("{study}: the unedited state does not read: {e:#}"));
    }
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut read = 0;
    for i in 0..edits {
        let bytes = mutate(&text, &mut rng);
        std::fs::write(&path, &bytes).unwrap();
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            let Ok(saved) = sim::saved::read::<S>(&path, study_of) else { return false };
            let study = S::from_params(saved.params).unwrap();
            study.estimates(&saved.acc);
            true
        }));
        match outcome {
            Ok(ok) => read += u64::from(ok),
            Err(_) => {
                let why = PANIC.lock().unwrap().clone();
                return Err(format!(
                    "{study}, edit {i}: reading panicked ({why}) on {}",
                    String::from_utf8_lossy(&bytes)
                ));
            }
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
    Ok(read)
}

#[test]
fn edited_states_read_or_fail_and_never_panic() {
    // A panic's message would be printed for every case before it is caught: keep the
    // output to the failing one.
    std::panic::set_hook(Box::new(|info| *PANIC.lock().unwrap() = info.to_string()));
    let read = [
        survives::<DuelStudy>("duel-drift", 400),
        survives::<MahjongStudy>("mahjong", 400),
        survives::<SweepStudy>("sweep-goto-chips", 200),
    ];
    let _ = std::panic::take_hook();
    let read: Vec<u64> = read.into_iter().collect::<Result<_, _>>().unwrap_or_else(|e| panic!("{e}"));
    // Some edits land where any value is valid (a count's digit, a name's letter), so some
    // read; most do not.
    assert!(read.iter().all(|&n| n > 0 && n < 300), "edited states that read: {read:?}");
}
