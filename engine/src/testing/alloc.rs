//! A global allocator that counts allocations, for the tests proving that the
//! hot loops allocate nothing.
//!
//! Each test binary installs it itself:
//! `#[global_allocator] static GLOBAL: engine::testing::CountingAlloc = engine::testing::CountingAlloc;`
//! [`thread_allocations`] counts the calling thread's own (what a single-threaded hot loop
//! measures: the test harness's threads cannot disturb it); [`allocations`] counts every
//! thread's (what a parallel run measures), so a binary using it runs its measurements in
//! one test.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The system allocator, counting every allocation and reallocation.
pub struct CountingAlloc;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    /// This thread's allocations (constant-initialised: reading it allocates nothing).
    static THREAD_ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

/// Counts one allocation, globally and for the calling thread.
fn count() {
    ALLOCATIONS.fetch_add(1, Ordering::SeqCst);
    // A thread being torn down has no counter left: its allocations count globally only.
    let _ = THREAD_ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
}

// SAFETY: every call is forwarded unchanged to the system allocator.
unsafe impl GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: the caller upholds `alloc`'s contract, which `System` shares.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated by `System` with `layout`.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        // SAFETY: `ptr` was allocated by `System` with `layout`.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

/// Allocations made so far by this binary (all threads), while [`CountingAlloc`]
/// is its global allocator.
pub fn allocations() -> usize {
    ALLOCATIONS.load(Ordering::SeqCst)
}

/// Allocations made so far by the calling thread, while [`CountingAlloc`] is the
/// binary's global allocator.
pub fn thread_allocations() -> usize {
    THREAD_ALLOCATIONS.with(Cell::get)
}
