//! The office's connections on a shared network: at most [`ConnLimits::max_connections`] open at
//! once (the next client waits in the kernel's backlog), and each must bring a request and get
//! its answer under way within [`ConnLimits::request_timeout`] of opening or of its previous
//! answer — so a client trickling a byte a second (or idling on keep-alive) is closed instead of
//! holding the office.

use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::extract::connect_info::Connected;
use axum::serve::{IncomingStream, Listener};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::time::{sleep, Instant, Sleep};

/// How many connections, and how slow.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ConnLimits {
    pub max_connections: usize,
    /// From a connection's opening (or its last answer) to the first byte of the next answer.
    pub request_timeout: Duration,
}

impl Default for ConnLimits {
    fn default() -> Self {
        ConnLimits { max_connections: 1024, request_timeout: Duration::from_secs(30) }
    }
}

/// A TCP listener that keeps to [`ConnLimits`].
pub struct BoundedListener {
    inner: TcpListener,
    permits: Arc<Semaphore>,
    limits: ConnLimits,
}

impl BoundedListener {
    pub fn new(inner: TcpListener, limits: ConnLimits) -> Self {
        BoundedListener { inner, permits: Arc::new(Semaphore::new(limits.max_connections.max(1))), limits }
    }
}

/// The peer's address, as handlers read it (`ConnectInfo<Peer>`).
#[derive(Debug, Clone, Copy)]
pub struct Peer(pub SocketAddr);

impl Connected<IncomingStream<'_, BoundedListener>> for Peer {
    fn connect_info(stream: IncomingStream<'_, BoundedListener>) -> Self {
        Peer(*stream.remote_addr())
    }
}

impl Listener for BoundedListener {
    type Io = BoundedStream;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Self::Io, Self::Addr) {
        // A semaphore that is never closed: acquiring fails only if it were.
        let permit = loop {
            if let Ok(p) = self.permits.clone().acquire_owned().await {
                break p;
            }
        };
        loop {
            match self.inner.accept().await {
                Ok((stream, addr)) => {
                    let _ = stream.set_nodelay(true);
                    let timeout = self.limits.request_timeout;
                    return (
                        BoundedStream { stream, _permit: permit, timeout, deadline: Box::pin(sleep(timeout)) },
                        addr,
                    );
                }
                // Out of file descriptors and the like: give the system a moment.
                Err(_) => sleep(Duration::from_millis(50)).await,
            }
        }
    }

    fn local_addr(&self) -> io::Result<Self::Addr> {
        self.inner.local_addr()
    }
}

/// A connection holding one of the listener's permits until it closes.
pub struct BoundedStream {
    stream: TcpStream,
    _permit: OwnedSemaphorePermit,
    timeout: Duration,
    /// Reading past this without having answered closes the connection.
    deadline: Pin<Box<Sleep>>,
}

impl AsyncRead for BoundedStream {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        let this = &mut *self;
        match Pin::new(&mut this.stream).poll_read(cx, buf) {
            Poll::Pending => match this.deadline.as_mut().poll(cx) {
                Poll::Ready(()) => {
                    Poll::Ready(Err(io::Error::new(io::ErrorKind::TimedOut, "no complete request in time")))
                }
                Poll::Pending => Poll::Pending,
            },
            ready => ready,
        }
    }
}

impl AsyncWrite for BoundedStream {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, data: &[u8]) -> Poll<io::Result<usize>> {
        let this = &mut *self;
        let written = Pin::new(&mut this.stream).poll_write(cx, data);
        if matches!(written, Poll::Ready(Ok(n)) if n > 0) {
            // An answer is going out: the next request gets a fresh allowance.
            let next = Instant::now() + this.timeout;
            this.deadline.as_mut().reset(next);
        }
        written
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = &mut *self;
        let written = Pin::new(&mut this.stream).poll_write_vectored(cx, bufs);
        if matches!(written, Poll::Ready(Ok(n)) if n > 0) {
            let next = Instant::now() + this.timeout;
            this.deadline.as_mut().reset(next);
        }
        written
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }
}

/// [`BoundedListener`] speaking TLS. Handshakes run in their own tasks, so a client that opens a
/// connection and never says hello holds only its own permit (and is closed by the request
/// timeout), never the accept loop.
pub struct TlsListener {
    inner: BoundedListener,
    acceptor: tokio_rustls::TlsAcceptor,
    done_tx: tokio::sync::mpsc::Sender<(TlsStream, SocketAddr)>,
    done_rx: tokio::sync::mpsc::Receiver<(TlsStream, SocketAddr)>,
}

/// A TLS connection over a bounded one.
pub type TlsStream = tokio_rustls::server::TlsStream<BoundedStream>;

impl TlsListener {
    pub fn new(inner: BoundedListener, config: Arc<rustls::ServerConfig>) -> Self {
        let (done_tx, done_rx) = tokio::sync::mpsc::channel(64);
        TlsListener { inner, acceptor: tokio_rustls::TlsAcceptor::from(config), done_tx, done_rx }
    }
}

impl Connected<IncomingStream<'_, TlsListener>> for Peer {
    fn connect_info(stream: IncomingStream<'_, TlsListener>) -> Self {
        Peer(*stream.remote_addr())
    }
}

impl Listener for TlsListener {
    type Io = TlsStream;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Self::Io, Self::Addr) {
        loop {
            tokio::select! {
                Some(done) = self.done_rx.recv() => return done,
                (io, addr) = self.inner.accept() => {
                    let acceptor = self.acceptor.clone();
                    let done = self.done_tx.clone();
                    tokio::spawn(async move {
                        // A failed handshake (a port scan, a browser refusing the certificate,
                        // a timeout) just closes that connection.
                        if let Ok(tls) = acceptor.accept(io).await {
                            let _ = done.send((tls, addr)).await;
                        }
                    });
                }
            }
        }
    }

    fn local_addr(&self) -> io::Result<Self::Addr> {
        self.inner.local_addr()
    }
}
