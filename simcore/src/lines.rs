//! Untrusted input read with bounded memory. Line by line: a line longer than [`MAX_LINE`]
//! bytes is reported as such (not read whole), and a line that is not UTF-8 is reported on
//! its own, so a reader can answer the other lines; behind the hand tools' stdin
//! (`sim mahjong score`, `shanten`) and the mjai files of `sim mahjong replay`. Whole files
//! ([`read_file`]: settings, sweep and state files) up to a size limit, so that `/dev/zero`
//! or an endless pipe is an error naming the file, not a machine out of memory.

use anyhow::{Context, Result, anyhow, bail};
use std::io::{self, BufRead, Read};
use std::path::Path;

/// The longest line read: 1 MiB (an mjai event or a hand-tool situation is under 1 KiB).
pub const MAX_LINE: usize = 1 << 20;

/// The largest mjai record file replayed: 256 MiB (a hanchan's record is about 100 KiB).
pub const MAX_RECORD: u64 = 256 << 20;

/// The largest settings or sweep file read: 16 MiB (the shipped ones are under 20 KiB).
pub const MAX_SETTINGS: u64 = 16 << 20;

/// The largest saved state read: 1 GiB (a line-up of a thousand drivers saves about 100 MiB).
pub const MAX_STATE: u64 = 1 << 30;

/// The text of the file at `path`, which may hold at most `limit` bytes (read no further):
/// a larger or endless file, or one that is not UTF-8, is a one-line error naming it.
pub fn read_file(path: &Path, limit: u64) -> Result<String> {
    let cannot = || format!("cannot read {}", path.display());
    let too_large = || anyhow!("{}: larger than {} MiB, the most read", path.display(), limit >> 20);
    let file = std::fs::File::open(path).with_context(cannot)?;
    if file.metadata().is_ok_and(|m| m.len() > limit) {
        return Err(too_large());
    }
    let mut bytes = Vec::new();
    file.take(limit + 1).read_to_end(&mut bytes).with_context(cannot)?;
    if bytes.len() as u64 > limit {
        return Err(too_large());
    }
    String::from_utf8(bytes).map_err(|e| {
        anyhow!("{}: not UTF-8 text (an invalid byte at offset {})", path.display(), e.utf8_error().valid_up_to())
    })
}

/// One line of input, without its line end.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// A line of text.
    Text(String),
    /// A line whose bytes are not UTF-8.
    NotUtf8,
    /// A line longer than [`MAX_LINE`] bytes (its first bytes only were read).
    TooLong,
}

impl Line {
    /// The text, or what is wrong with line `number` (from 1).
    pub fn text(self, number: usize) -> Result<String, String> {
        match self {
            Line::Text(t) => Ok(t),
            Line::NotUtf8 => Err(format!("line {number} is not UTF-8 text")),
            Line::TooLong => Err(format!("line {number} is longer than {} MiB", MAX_LINE >> 20)),
        }
    }
}

/// The lines of `input`, each with its number (from 1).
pub struct Lines<R> {
    input: R,
    number: usize,
    buf: Vec<u8>,
}

impl<R: BufRead> Lines<R> {
    /// Reads `input` line by line.
    pub fn new(input: R) -> Self {
        Lines { input, number: 0, buf: Vec::new() }
    }

    /// Reads past the rest of a [`Line::TooLong`] line, to the next line's start.
    pub fn skip_rest(&mut self) -> io::Result<()> {
        loop {
            self.buf.clear();
            let n = (&mut self.input).take(MAX_LINE as u64).read_until(b'\n', &mut self.buf)?;
            if n == 0 || self.buf.last() == Some(&b'\n') {
                return Ok(());
            }
        }
    }
}

impl<R: BufRead> Iterator for Lines<R> {
    type Item = io::Result<(usize, Line)>;

    fn next(&mut self) -> Option<Self::Item> {
        self.buf.clear();
        let read = (&mut self.input).take(MAX_LINE as u64 + 1).read_until(b'\n', &mut self.buf);
        match read {
            Err(e) => return Some(Err(e)),
            Ok(0) => return None,
            Ok(_) => {}
        }
        self.number += 1;
        if self.buf.last() == Some(&b'\n') {
            self.buf.pop();
            if self.buf.last() == Some(&b'\r') {
                self.buf.pop();
            }
        } else if self.buf.len() > MAX_LINE {
            return Some(Ok((self.number, Line::TooLong)));
        }
        let line = match String::from_utf8(std::mem::take(&mut self.buf)) {
            Ok(text) => Line::Text(text),
            Err(_) => Line::NotUtf8,
        };
        Some(Ok((self.number, line)))
    }
}

/// The text of an mjai record file: every line UTF-8 and at most [`MAX_LINE`] bytes, the
/// file at most [`MAX_RECORD`] bytes; an error names the file and the line.
pub fn read_record_file(path: &Path) -> Result<String> {
    let file = std::fs::File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut text = String::new();
    for line in Lines::new(io::BufReader::new(file.take(MAX_RECORD + 1))) {
        let (n, line) = line.with_context(|| format!("cannot read {}", path.display()))?;
        text.push_str(&line.text(n).map_err(|e| anyhow::anyhow!("{}:{n}: {e}", path.display()))?);
        text.push('\n');
        if text.len() as u64 > MAX_RECORD {
            bail!("{}: larger than {} MiB: not a game record", path.display(), MAX_RECORD >> 20);
        }
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8]) -> Vec<(usize, Line)> {
        Lines::new(input).map(Result::unwrap).collect()
    }

    #[test]
    fn a_file_is_read_up_to_its_limit_and_an_endless_one_is_refused_by_name() {
        let dir = std::env::temp_dir().join(format!("sim-lines-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (small, bad) = (dir.join("small.toml"), dir.join("bad.toml"));
        std::fs::write(&small, "a = 1\n").unwrap();
        std::fs::write(&bad, b"a = \"\xff\"\n").unwrap();
        assert_eq!(read_file(&small, 6).unwrap(), "a = 1\n");
        let e = read_file(&small, 5).unwrap_err().to_string();
        assert!(e.starts_with(&format!("{}: larger than ", small.display())), "{e}");
        let e = read_file(&bad, 100).unwrap_err().to_string();
        assert_eq!(e, format!("{}: not UTF-8 text (an invalid byte at offset 5)", bad.display()));
        let e = read_file(&dir.join("none.toml"), 100).unwrap_err();
        assert!(format!("{e:#}").starts_with(&format!("cannot read {}: ", dir.join("none.toml").display())), "{e:#}");
        std::fs::remove_dir_all(&dir).unwrap();
        // An endless file stops at the limit.
        let e = read_file(Path::new("/dev/zero"), MAX_SETTINGS).unwrap_err().to_string();
        assert_eq!(e, "/dev/zero: larger than 16 MiB, the most read");
    }

    #[test]
    fn lines_are_split_and_bad_ones_named_on_their_own() {
        let got = lines(b"a\r\n\xff\xfe\nb");
        assert_eq!(got, [(1, Line::Text("a".into())), (2, Line::NotUtf8), (3, Line::Text("b".into()))]);
    }

    #[test]
    fn a_line_without_end_stops_at_the_bound_and_can_be_skipped() {
        let mut input = vec![b'x'; 3 * MAX_LINE];
        input.extend_from_slice(b"\nnext\n");
        let mut reader = Lines::new(&input[..]);
        assert_eq!(reader.next().unwrap().unwrap(), (1, Line::TooLong));
        reader.skip_rest().unwrap();
        assert_eq!(reader.next().unwrap().unwrap(), (2, Line::Text("next".into())));
        assert!(reader.next().is_none());
    }
}
