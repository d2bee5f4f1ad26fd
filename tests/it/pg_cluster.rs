//! The throwaway PostgreSQL cluster the office's database store is tested on: it
//! starts as an unprivileged user on a loopback port, serves SQL over TCP, keeps a committed
//! row, and once stopped refuses connections.

use arbiter_tests::pg::PgCluster;

#[tokio::test]
async fn a_throwaway_cluster_starts_serves_sql_on_loopback_and_stops() {
    let pg = PgCluster::start("smoke");
    let (client, connection) = tokio_postgres::connect(&pg.url(), tokio_postgres::NoTls).await.expect("connect");
    let conn = tokio::spawn(connection);
    client.batch_execute("CREATE TABLE t (id bigserial PRIMARY KEY, body text NOT NULL)").await.unwrap();
    client.execute("INSERT INTO t (body) VALUES ($1)", &[&"第二十五条二"]).await.unwrap();
    let row = client.query_one("SELECT id, body FROM t", &[]).await.unwrap();
    assert_eq!((row.get::<_, i64>(0), row.get::<_, String>(1)), (1, "第二十五条二".to_owned()));
    drop(client);
    let _ = conn.await;
    pg.stop();
    let refused = tokio_postgres::connect(&pg.url(), tokio_postgres::NoTls).await;
    assert!(refused.is_err(), "a stopped cluster takes no connection");
}
