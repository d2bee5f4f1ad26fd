//! Java's `List.sort` (TimSort, as `java.util.TimSort` runs it), step for step.
//!
//! Why not Rust's own stable sort: with a consistent comparator every stable sort gives the same
//! order, but OpenGotha numbers tables with one that is not — two boards whose best players
//! have equal scores and equal ratings each compare "after" the other — and then the order is
//! whatever TimSort's steps leave (its galloping merges take such a board from the second run
//! first). To number tables as OpenGotha does, those steps are followed here.
//!
//! `cmp(a, b)` answers as a Java comparator: negative when `a` goes first.

const MIN_MERGE: usize = 32;
const MIN_GALLOP: usize = 7;

/// Sorts `a` as `java.util.Arrays.sort(a, cmp)` does.
pub fn sort<T: Copy>(a: &mut [T], cmp: &dyn Fn(&T, &T) -> i32) {
    let n = a.len();
    if n < 2 {
        return;
    }
    if n < MIN_MERGE {
        let run = count_run_and_make_ascending(a, 0, n, cmp);
        binary_sort(a, 0, n, run, cmp);
        return;
    }
    let mut ts = TimSort { a, cmp, min_gallop: MIN_GALLOP, runs: Vec::new() };
    let min_run = min_run_length(n);
    let (mut lo, mut remaining) = (0, n);
    while remaining != 0 {
        let mut run = count_run_and_make_ascending(ts.a, lo, n, cmp);
        if run < min_run {
            let force = remaining.min(min_run);
            binary_sort(ts.a, lo, lo + force, lo + run, cmp);
            run = force;
        }
        ts.runs.push((lo, run));
        ts.merge_collapse();
        lo += run;
        remaining -= run;
    }
    ts.merge_force_collapse();
}

fn binary_sort<T: Copy>(a: &mut [T], lo: usize, hi: usize, start: usize, cmp: &dyn Fn(&T, &T) -> i32) {
    let mut start = if start == lo { start + 1 } else { start };
    while start < hi {
        let pivot = a[start];
        let (mut left, mut right) = (lo, start);
        while left < right {
            let mid = (left + right) / 2;
            if cmp(&pivot, &a[mid]) < 0 {
                right = mid;
            } else {
                left = mid + 1;
            }
        }
        a.copy_within(left..start, left + 1);
        a[left] = pivot;
        start += 1;
    }
}

fn count_run_and_make_ascending<T: Copy>(a: &mut [T], lo: usize, hi: usize, cmp: &dyn Fn(&T, &T) -> i32) -> usize {
    let mut run_hi = lo + 1;
    if run_hi == hi {
        return 1;
    }
    run_hi += 1;
    if cmp(&a[run_hi - 1], &a[lo]) < 0 {
        while run_hi < hi && cmp(&a[run_hi], &a[run_hi - 1]) < 0 {
            run_hi += 1;
        }
        a[lo..run_hi].reverse();
    } else {
        while run_hi < hi && cmp(&a[run_hi], &a[run_hi - 1]) >= 0 {
            run_hi += 1;
        }
    }
    run_hi - lo
}

fn min_run_length(mut n: usize) -> usize {
    let mut r = 0;
    while n >= MIN_MERGE {
        r |= n & 1;
        n >>= 1;
    }
    n + r
}

/// Where `key` goes in the sorted `a[base..base + len]`: before the first element not less than
/// it (`gallopLeft`), searching out from `hint`.
fn gallop_left<T>(key: &T, a: &[T], base: usize, len: usize, hint: usize, cmp: &dyn Fn(&T, &T) -> i32) -> usize {
    let (mut last_ofs, mut ofs): (isize, isize);
    let (len_i, hint_i) = (len as isize, hint as isize);
    last_ofs = 0;
    ofs = 1;
    if cmp(key, &a[base + hint]) > 0 {
        let max_ofs = len_i - hint_i;
        while ofs < max_ofs && cmp(key, &a[base + (hint_i + ofs) as usize]) > 0 {
            last_ofs = ofs;
            ofs = (ofs << 1) + 1;
        }
        ofs = ofs.min(max_ofs);
        last_ofs += hint_i;
        ofs += hint_i;
    } else {
        let max_ofs = hint_i + 1;
        while ofs < max_ofs && cmp(key, &a[base + (hint_i - ofs) as usize]) <= 0 {
            last_ofs = ofs;
            ofs = (ofs << 1) + 1;
        }
        ofs = ofs.min(max_ofs);
        let tmp = last_ofs;
        last_ofs = hint_i - ofs;
        ofs = hint_i - tmp;
    }
    last_ofs += 1;
    while last_ofs < ofs {
        let m = last_ofs + (ofs - last_ofs) / 2;
        if cmp(key, &a[base + m as usize]) > 0 {
            last_ofs = m + 1;
        } else {
            ofs = m;
        }
    }
    ofs as usize
}

/// Where `key` goes in the sorted `a[base..base + len]`: after the last element not greater
/// than it (`gallopRight`), searching out from `hint`.
fn gallop_right<T>(key: &T, a: &[T], base: usize, len: usize, hint: usize, cmp: &dyn Fn(&T, &T) -> i32) -> usize {
    let (mut last_ofs, mut ofs): (isize, isize) = (0, 1);
    let (len_i, hint_i) = (len as isize, hint as isize);
    if cmp(key, &a[base + hint]) < 0 {
        let max_ofs = hint_i + 1;
        while ofs < max_ofs && cmp(key, &a[base + (hint_i - ofs) as usize]) < 0 {
            last_ofs = ofs;
            ofs = (ofs << 1) + 1;
        }
        ofs = ofs.min(max_ofs);
        let tmp = last_ofs;
        last_ofs = hint_i - ofs;
        ofs = hint_i - tmp;
    } else {
        let max_ofs = len_i - hint_i;
        while ofs < max_ofs && cmp(key, &a[base + (hint_i + ofs) as usize]) >= 0 {
            last_ofs = ofs;
            ofs = (ofs << 1) + 1;
        }
        ofs = ofs.min(max_ofs);
        last_ofs += hint_i;
        ofs += hint_i;
    }
    last_ofs += 1;
    while last_ofs < ofs {
        let m = last_ofs + (ofs - last_ofs) / 2;
        if cmp(key, &a[base + m as usize]) < 0 {
            ofs = m;
        } else {
            last_ofs = m + 1;
        }
    }
    ofs as usize
}

struct TimSort<'a, 'c, T> {
    a: &'a mut [T],
    cmp: &'c dyn Fn(&T, &T) -> i32,
    min_gallop: usize,
    /// Pending runs: (base, length).
    runs: Vec<(usize, usize)>,
}

impl<T: Copy> TimSort<'_, '_, T> {
    fn merge_collapse(&mut self) {
        while self.runs.len() > 1 {
            let mut n = self.runs.len() - 2;
            let len = |k: usize| self.runs[k].1;
            if (n > 0 && len(n - 1) <= len(n) + len(n + 1)) || (n > 1 && len(n - 2) <= len(n) + len(n - 1)) {
                if len(n - 1) < len(n + 1) {
                    n -= 1;
                }
            } else if len(n) > len(n + 1) {
                break;
            }
            self.merge_at(n);
        }
    }

    fn merge_force_collapse(&mut self) {
        while self.runs.len() > 1 {
            let mut n = self.runs.len() - 2;
            if n > 0 && self.runs[n - 1].1 < self.runs[n + 1].1 {
                n -= 1;
            }
            self.merge_at(n);
        }
    }

    fn merge_at(&mut self, i: usize) {
        let (mut base1, mut len1) = self.runs[i];
        let (base2, mut len2) = self.runs[i + 1];
        self.runs[i].1 = len1 + len2;
        self.runs.remove(i + 1);
        let cmp = self.cmp;
        let k = gallop_right(&self.a[base2], self.a, base1, len1, 0, cmp);
        base1 += k;
        len1 -= k;
        if len1 == 0 {
            return;
        }
        len2 = gallop_left(&self.a[base1 + len1 - 1], self.a, base2, len2, len2 - 1, cmp);
        if len2 == 0 {
            return;
        }
        if len1 <= len2 {
            self.merge_lo(base1, len1, base2, len2);
        } else {
            self.merge_hi(base1, len1, base2, len2);
        }
    }

    fn merge_lo(&mut self, base1: usize, mut len1: usize, base2: usize, mut len2: usize) {
        let cmp = self.cmp;
        let tmp: Vec<T> = self.a[base1..base1 + len1].to_vec();
        let a = &mut *self.a;
        let (mut cursor1, mut cursor2, mut dest) = (0usize, base2, base1);
        a[dest] = a[cursor2];
        dest += 1;
        cursor2 += 1;
        len2 -= 1;
        if len2 == 0 {
            a[dest..dest + len1].copy_from_slice(&tmp[cursor1..cursor1 + len1]);
            return;
        }
        if len1 == 1 {
            a.copy_within(cursor2..cursor2 + len2, dest);
            a[dest + len2] = tmp[cursor1];
            return;
        }
        let mut min_gallop = self.min_gallop as isize;
        'outer: loop {
            let (mut count1, mut count2) = (0usize, 0usize);
            loop {
                if cmp(&a[cursor2], &tmp[cursor1]) < 0 {
                    a[dest] = a[cursor2];
                    dest += 1;
                    cursor2 += 1;
                    count2 += 1;
                    count1 = 0;
                    len2 -= 1;
                    if len2 == 0 {
                        break 'outer;
                    }
                } else {
                    a[dest] = tmp[cursor1];
                    dest += 1;
                    cursor1 += 1;
                    count1 += 1;
                    count2 = 0;
                    len1 -= 1;
                    if len1 == 1 {
                        break 'outer;
                    }
                }
                if (count1 | count2) as isize >= min_gallop {
                    break;
                }
            }
            loop {
                count1 = gallop_right(&a[cursor2], &tmp, cursor1, len1, 0, cmp);
                if count1 != 0 {
                    a[dest..dest + count1].copy_from_slice(&tmp[cursor1..cursor1 + count1]);
                    dest += count1;
                    cursor1 += count1;
                    len1 -= count1;
                    if len1 <= 1 {
                        break 'outer;
                    }
                }
                a[dest] = a[cursor2];
                dest += 1;
                cursor2 += 1;
                len2 -= 1;
                if len2 == 0 {
                    break 'outer;
                }
                count2 = gallop_left(&tmp[cursor1], a, cursor2, len2, 0, cmp);
                if count2 != 0 {
                    a.copy_within(cursor2..cursor2 + count2, dest);
                    dest += count2;
                    cursor2 += count2;
                    len2 -= count2;
                    if len2 == 0 {
                        break 'outer;
                    }
                }
                a[dest] = tmp[cursor1];
                dest += 1;
                cursor1 += 1;
                len1 -= 1;
                if len1 == 1 {
                    break 'outer;
                }
                min_gallop -= 1;
                if !(count1 >= MIN_GALLOP || count2 >= MIN_GALLOP) {
                    break;
                }
            }
            min_gallop = min_gallop.max(0) + 2;
        }
        self.min_gallop = min_gallop.max(1) as usize;
        if len1 == 1 {
            a.copy_within(cursor2..cursor2 + len2, dest);
            a[dest + len2] = tmp[cursor1];
        } else if len1 > 1 {
            a[dest..dest + len1].copy_from_slice(&tmp[cursor1..cursor1 + len1]);
        }
        // len1 == 0: Java throws "Comparison method violates its general contract!"; every
        // element is already placed, so the order stands.
    }

    fn merge_hi(&mut self, base1: usize, mut len1: usize, base2: usize, mut len2: usize) {
        let cmp = self.cmp;
        let tmp: Vec<T> = self.a[base2..base2 + len2].to_vec();
        let a = &mut *self.a;
        // Cursors may step one below 0 at the end: signed.
        let mut cursor1 = (base1 + len1) as isize - 1;
        let mut cursor2 = len2 as isize - 1;
        let mut dest = (base2 + len2) as isize - 1;
        let at = |x: isize| x as usize;
        a[at(dest)] = a[at(cursor1)];
        dest -= 1;
        cursor1 -= 1;
        len1 -= 1;
        if len1 == 0 {
            let d = at(dest - (len2 as isize - 1));
            a[d..d + len2].copy_from_slice(&tmp[..len2]);
            return;
        }
        if len2 == 1 {
            dest -= len1 as isize;
            cursor1 -= len1 as isize;
            a.copy_within(at(cursor1 + 1)..at(cursor1 + 1) + len1, at(dest + 1));
            a[at(dest)] = tmp[at(cursor2)];
            return;
        }
        let mut min_gallop = self.min_gallop as isize;
        'outer: loop {
            let (mut count1, mut count2) = (0usize, 0usize);
            loop {
                if cmp(&tmp[at(cursor2)], &a[at(cursor1)]) < 0 {
                    a[at(dest)] = a[at(cursor1)];
                    dest -= 1;
                    cursor1 -= 1;
                    count1 += 1;
                    count2 = 0;
                    len1 -= 1;
                    if len1 == 0 {
                        break 'outer;
                    }
                } else {
                    a[at(dest)] = tmp[at(cursor2)];
                    dest -= 1;
                    cursor2 -= 1;
                    count2 += 1;
                    count1 = 0;
                    len2 -= 1;
                    if len2 == 1 {
                        break 'outer;
                    }
                }
                if (count1 | count2) as isize >= min_gallop {
                    break;
                }
            }
            loop {
                count1 = len1 - gallop_right(&tmp[at(cursor2)], a, base1, len1, len1 - 1, cmp);
                if count1 != 0 {
                    dest -= count1 as isize;
                    cursor1 -= count1 as isize;
                    len1 -= count1;
                    a.copy_within(at(cursor1 + 1)..at(cursor1 + 1) + count1, at(dest + 1));
                    if len1 == 0 {
                        break 'outer;
                    }
                }
                a[at(dest)] = tmp[at(cursor2)];
                dest -= 1;
                cursor2 -= 1;
                len2 -= 1;
                if len2 == 1 {
                    break 'outer;
                }
                count2 = len2 - gallop_left(&a[at(cursor1)], &tmp, 0, len2, len2 - 1, cmp);
                if count2 != 0 {
                    dest -= count2 as isize;
                    cursor2 -= count2 as isize;
                    len2 -= count2;
                    let from = at(cursor2 + 1);
                    a[at(dest + 1)..at(dest + 1) + count2].copy_from_slice(&tmp[from..from + count2]);
                    if len2 <= 1 {
                        break 'outer;
                    }
                }
                a[at(dest)] = a[at(cursor1)];
                dest -= 1;
                cursor1 -= 1;
                len1 -= 1;
                if len1 == 0 {
                    break 'outer;
                }
                min_gallop -= 1;
                if !(count1 >= MIN_GALLOP || count2 >= MIN_GALLOP) {
                    break;
                }
            }
            min_gallop = min_gallop.max(0) + 2;
        }
        self.min_gallop = min_gallop.max(1) as usize;
        if len2 == 1 {
            dest -= len1 as isize;
            cursor1 -= len1 as isize;
            a.copy_within(at(cursor1 + 1)..at(cursor1 + 1) + len1, at(dest + 1));
            a[at(dest)] = tmp[at(cursor2)];
        } else if len2 > 1 {
            let d = at(dest - (len2 as isize - 1));
            a[d..d + len2].copy_from_slice(&tmp[..len2]);
        }
        // len2 == 0: Java throws (an inconsistent comparator); every element is placed.
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn xorshift(seed: &mut u64) -> u64 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    }

    #[test]
    fn with_a_consistent_comparator_it_is_a_stable_sort() {
        let mut seed = 0x2545_F491_4F6C_DD1D;
        for n in [0usize, 1, 2, 5, 31, 32, 33, 64, 100, 257, 1000, 5000] {
            // Few distinct keys, so stability shows; (key, original position).
            let mut v: Vec<(u64, usize)> = (0..n).map(|i| (xorshift(&mut seed) % 7, i)).collect();
            let mut expected = v.clone();
            expected.sort_by_key(|x| x.0);
            sort(&mut v, &|a, b| a.0.cmp(&b.0) as i32);
            assert_eq!(v, expected, "n = {n}");
        }
    }

    #[test]
    fn runs_already_in_order_or_reversed_come_out_sorted() {
        let mut up: Vec<u32> = (0..300).collect();
        sort(&mut up, &|a, b| a.cmp(b) as i32);
        assert_eq!(up, (0..300).collect::<Vec<_>>());
        let mut down: Vec<u32> = (0..300).rev().collect();
        sort(&mut down, &|a, b| a.cmp(b) as i32);
        assert_eq!(down, (0..300).collect::<Vec<_>>());
    }
}
