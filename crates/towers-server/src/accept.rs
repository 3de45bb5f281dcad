//! The accept loop: every connection within the caps (per client address and in all), every
//! request's headers within a timeout that is also the idle timeout of a kept-alive
//! connection, and a bounded drain when the server stops.
//!
//! axum's own `serve` has neither caps nor timeouts: 21,000 idle sockets from one client
//! once took every file descriptor, and the games list stopped answering until they left.

use std::net::SocketAddr;
use std::pin::pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::Request;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tower::ServiceExt;

use crate::Server;
use crate::limits::{Full, Slot};

/// How long a refused connection is given to read why.
const REFUSAL_WITHIN: Duration = Duration::from_secs(1);
/// Refusals being written at once; past it a refused connection is closed unanswered, so a
/// flood of connections cannot hold descriptors through its refusals either.
const MAX_REFUSING: usize = 256;

/// Accepts connections until `shutdown` completes, then drains ([`Server::drain`]).
pub(crate) async fn run(
    server: Arc<Server>,
    app: Router,
    listener: TcpListener,
    shutdown: impl std::future::Future<Output = ()>,
) {
    let refusing = Arc::new(AtomicUsize::new(0));
    let mut shutdown = pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(pair) => pair,
                Err(e) => {
                    // Out of descriptors or a connection reset before it was accepted: the
                    // caps keep the first rare; wait a little instead of spinning.
                    eprintln!("towers serve: accept: {e}");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        // Behind a proxy every connection is the proxy's: only the total applies here (the
        // WebSockets are capped per client by its forwarded address).
        let address = (!server.config.forwarded_for).then(|| peer.ip());
        match server.connections.admit(address) {
            Ok(slot) => {
                tokio::spawn(serve_connection(
                    Arc::clone(&server),
                    app.clone(),
                    stream,
                    peer,
                    slot,
                ));
            }
            Err(full) => {
                server.metrics.refused_connections.inc();
                if refusing.fetch_add(1, Ordering::AcqRel) < MAX_REFUSING {
                    let refusing = Arc::clone(&refusing);
                    let message = refusal(&server, full);
                    tokio::spawn(async move {
                        refuse(stream, full, &message).await;
                        refusing.fetch_sub(1, Ordering::AcqRel);
                    });
                } else {
                    refusing.fetch_sub(1, Ordering::AcqRel);
                }
            }
        }
    }
    drop(listener);
    server.drain().await;
}

/// Why a connection is refused, for the client.
fn refusal(server: &Server, full: Full) -> String {
    match full {
        Full::Address => format!(
            "too many connections from your address: at most {} at once",
            server.connections.max_per_address()
        ),
        Full::Server => "the server holds all the connections it may; try again shortly".into(),
    }
}

/// Answers a refused connection with a JSON error (429 for its address's cap, 503 for the
/// server's), within [`REFUSAL_WITHIN`], and closes it.
async fn refuse(mut stream: TcpStream, full: Full, message: &str) {
    let status = match full {
        Full::Address => "429 Too Many Requests",
        Full::Server => "503 Service Unavailable",
    };
    let body = serde_json::json!({ "error": message }).to_string();
    let response = format!(
        "HTTP/1.1 {status}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\
         retry-after: 5\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = tokio::time::timeout(REFUSAL_WITHIN, async {
        stream.write_all(response.as_bytes()).await?;
        stream.shutdown().await?;
        // Read what the client sent until it closes: closing with unread bytes would reset
        // the connection and lose the answer.
        let mut sink = [0u8; 1024];
        while stream.read(&mut sink).await? > 0 {}
        Ok::<(), std::io::Error>(())
    })
    .await;
}

/// Serves one connection's requests (and its upgrade to a WebSocket) until it closes, its
/// headers or idleness time out, or the server stops.
async fn serve_connection(
    server: Arc<Server>,
    app: Router,
    stream: TcpStream,
    peer: SocketAddr,
    slot: Slot,
) {
    let _ = stream.set_nodelay(true);
    let service = app.map_request(move |mut request: Request<Incoming>| {
        request.extensions_mut().insert(ConnectInfo(peer));
        request.map(Body::new)
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    // The timer starts when a request's head is awaited: on a new connection and after each
    // response, so it bounds both slow headers and idle kept-alive connections.
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(server.config.header_timeout);
    let connection = builder
        .serve_connection(TokioIo::new(stream), TowerToHyperService::new(service))
        .with_upgrades();
    let mut connection = pin!(connection);
    let mut stopping = server.stopping.subscribe();
    tokio::select! {
        _ = connection.as_mut() => {}
        () = crate::stopped(&mut stopping) => {
            // Finish the request in flight, then close.
            connection.as_mut().graceful_shutdown();
            let _ = tokio::time::timeout(server.config.drain_within, connection).await;
        }
    }
    // An upgraded connection ends here too: its WebSocket holds a slot of its own.
    drop(slot);
}
