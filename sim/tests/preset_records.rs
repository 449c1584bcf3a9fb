//! The committed `--log-games` records of every table preset
//! (`engine/tests/fixtures/records/<preset>.jsonl`, one game each, written by
//! `sim mahjong play --rules <preset> --bots efficiency,defensive,random,efficiency
//! --log-games 1`) replay clean under their preset, and a Ron2 record does not under
//! Tenhou's rules.

mod common;

use common::sim;

fn replay(preset: &str, rules: &str) -> (bool, String) {
    let file = format!("{}/../engine/tests/fixtures/records/{preset}.jsonl", env!("CARGO_MANIFEST_DIR"));
    let o = sim(&["mahjong", "replay", &file, "--rules", rules], "");
    let text = format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr));
    (o.status.success(), text)
}

#[test]
fn every_presets_committed_record_replays_clean() {
    for preset in ["ron2-dojo", "ron2-battle", "ron2-a", "ron2-b", "ron2-c", "tenhou", "goto", "goto-cutbi"] {
        let (ok, out) = replay(preset, preset);
        assert!(
            ok && out.contains("1 game(s)") && out.contains("0 illegal event(s), 0 differing result(s)"),
            "{preset}: {out}"
        );
    }
}

#[test]
fn a_ron2_record_differs_under_tenhous_rules() {
    // 30,000 against 25,000 at the start; a double ron whose honba Tenhou gives the first
    // winner only.
    let (ok, out) = replay("ron2-dojo", "tenhou");
    assert!(
        !ok && out.contains("differs: the rules deal East 1") && out.contains("the win scores differently"),
        "{out}"
    );
}
