//! Keyspaces in PostgreSQL (one table, a row per key), and the office's command lock across
//! processes (a session-level advisory lock).

use std::future::Future;

use arbiter_core::store::Keyspace;
use arbiter_core::CoreError;
use deadpool_postgres::Pool;

use super::{pg_error, pool_error, run_on};

type Result<T, E = CoreError> = std::result::Result<T, E>;

/// The advisory lock's key: "arbiter" in ASCII, the one lock office commands take.
const COMMAND_LOCK: i64 = 0x0061_7262_6974_6572;

/// One keyspace of the office's database.
pub struct PgKeyspace {
    pool: Pool,
    handle: tokio::runtime::Handle,
    space: String,
}

impl PgKeyspace {
    pub(super) fn new(pool: Pool, handle: tokio::runtime::Handle, space: &str) -> Self {
        PgKeyspace { pool, handle, space: space.to_owned() }
    }

    fn run<T>(&self, f: impl Future<Output = Result<T>>) -> Result<T> {
        run_on(&self.handle, f)
    }

    async fn execute(&self, sql: &str, params: &[&(dyn tokio_postgres::types::ToSql + Sync)]) -> Result<u64> {
        let client = self.pool.get().await.map_err(pool_error)?;
        client.execute(sql, params).await.map_err(pg_error)
    }
}

/// The smallest key after every key that starts with `prefix` (none: no bound).
fn after_prefix(prefix: &[u8]) -> Option<Vec<u8>> {
    let mut end = prefix.to_vec();
    while let Some(last) = end.pop() {
        if last < u8::MAX {
            end.push(last + 1);
            return Some(end);
        }
    }
    None
}

impl Keyspace for PgKeyspace {
    fn get(&self, key: &[u8]) -> Result<Option<Vec<u8>>> {
        self.run(async {
            let client = self.pool.get().await.map_err(pool_error)?;
            let row = client
                .query_opt("SELECT value FROM keyspace WHERE space = $1 AND key = $2", &[&self.space, &key])
                .await
                .map_err(pg_error)?;
            Ok(row.map(|r| r.get(0)))
        })
    }

    fn insert(&self, key: &[u8], value: &[u8]) -> Result<()> {
        self.run(async {
            self.execute(
                "INSERT INTO keyspace (space, key, value) VALUES ($1, $2, $3)
                 ON CONFLICT (space, key) DO UPDATE SET value = excluded.value",
                &[&self.space, &key, &value],
            )
            .await
            .map(|_| ())
        })
    }

    fn remove(&self, key: &[u8]) -> Result<Option<Vec<u8>>> {
        self.run(async {
            let client = self.pool.get().await.map_err(pool_error)?;
            let row = client
                .query_opt("DELETE FROM keyspace WHERE space = $1 AND key = $2 RETURNING value", &[&self.space, &key])
                .await
                .map_err(pg_error)?;
            Ok(row.map(|r| r.get(0)))
        })
    }

    fn compare_and_swap(&self, key: &[u8], old: Option<&[u8]>, new: Option<&[u8]>) -> Result<bool> {
        self.run(async {
            let n = match (old, new) {
                (None, Some(new)) => {
                    self.execute(
                        "INSERT INTO keyspace (space, key, value) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
                        &[&self.space, &key, &new],
                    )
                    .await?
                }
                (Some(old), Some(new)) => {
                    self.execute(
                        "UPDATE keyspace SET value = $4 WHERE space = $1 AND key = $2 AND value = $3",
                        &[&self.space, &key, &old, &new],
                    )
                    .await?
                }
                (Some(old), None) => {
                    self.execute(
                        "DELETE FROM keyspace WHERE space = $1 AND key = $2 AND value = $3",
                        &[&self.space, &key, &old],
                    )
                    .await?
                }
                (None, None) => {
                    let client = self.pool.get().await.map_err(pool_error)?;
                    let row = client
                        .query_opt("SELECT 1 FROM keyspace WHERE space = $1 AND key = $2", &[&self.space, &key])
                        .await
                        .map_err(pg_error)?;
                    u64::from(row.is_none())
                }
            };
            Ok(n == 1)
        })
    }

    fn scan_prefix(&self, prefix: &[u8]) -> Result<Vec<(Vec<u8>, Vec<u8>)>> {
        self.run(async {
            let client = self.pool.get().await.map_err(pool_error)?;
            let rows =
                match after_prefix(prefix) {
                    Some(end) => client
                        .query(
                            "SELECT key, value FROM keyspace WHERE space = $1 AND key >= $2 AND key < $3 ORDER BY key",
                            &[&self.space, &prefix, &end],
                        )
                        .await,
                    None => {
                        client
                            .query(
                                "SELECT key, value FROM keyspace WHERE space = $1 AND key >= $2 ORDER BY key",
                                &[&self.space, &prefix],
                            )
                            .await
                    }
                }
                .map_err(pg_error)?;
            Ok(rows.into_iter().map(|r| (r.get(0), r.get(1))).collect())
        })
    }
}

/// Holds the command lock on a connection of its own, taken out of the pool: dropping it
/// closes the session, and PostgreSQL lets the lock go with it (so does a process killed
/// while holding it).
struct CommandLock {
    _session: deadpool_postgres::ClientWrapper,
}

pub(super) async fn command_lock(pool: &Pool) -> Result<Box<dyn std::any::Any + Send>> {
    let client = pool.get().await.map_err(pool_error)?;
    client.execute("SELECT pg_advisory_lock($1)", &[&COMMAND_LOCK]).await.map_err(pg_error)?;
    Ok(Box::new(CommandLock { _session: deadpool_postgres::Object::take(client) }))
}

#[cfg(test)]
mod tests {
    use super::after_prefix;

    #[test]
    fn the_bound_after_a_prefix_is_the_next_key_of_its_length_or_none() {
        assert_eq!(after_prefix(b"tour/"), Some(b"tour0".to_vec()));
        assert_eq!(after_prefix(&[1, 0xff]), Some(vec![2]));
        assert_eq!(after_prefix(&[0xff, 0xff]), None);
        assert_eq!(after_prefix(b""), None);
    }
}
