//! Just enough HTTP/1.1 for one local page and its API: one request per connection, bodies
//! by `Content-Length` only, every limit checked before anything is allocated. Requests that
//! break a limit get a 4xx with a JSON error, like the API's own.
//!
//! Written here rather than taken from tiny_http: tiny_http 0.12 discards an unread body by
//! allocating its declared length, so one request declaring 100 GB aborted the server.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// Longest request line plus headers.
const MAX_HEAD_BYTES: u64 = 16 * 1024;
/// Largest request body.
pub const MAX_BODY_BYTES: usize = 64 * 1024;
/// How long a client may take to send its request.
const READ_TIMEOUT: Duration = Duration::from_secs(10);
/// How long a write may block (a page that stopped reading its event stream).
pub const WRITE_TIMEOUT: Duration = Duration::from_secs(30);

pub struct Request {
    pub method: String,
    pub path: String,
    pub query: Vec<(String, String)>,
    headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Request {
    /// A header's value by its name (any case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }

    pub fn query_value(&self, name: &str) -> Option<&str> {
        self.query.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }
}

/// Why no request could be read: the client went away, or a status and a message for it.
pub enum ReadError {
    Gone,
    Refused(u16, String),
}

fn refused(status: u16, message: &str) -> ReadError {
    ReadError::Refused(status, message.to_string())
}

/// `%41` → `A`; `+` stays (the page never sends forms). Invalid escapes are refused.
fn percent_decode(text: &str) -> Result<String, ReadError> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = text.get(i + 1..i + 3).and_then(|h| u8::from_str_radix(h, 16).ok());
            out.push(hex.ok_or_else(|| refused(400, "bad percent escape in the URL"))?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).map_err(|_| refused(400, "the URL is not UTF-8"))
}

/// Reads one request from `stream`.
pub fn read_request(stream: &TcpStream) -> Result<Request, ReadError> {
    let _ = stream.set_read_timeout(Some(READ_TIMEOUT));
    let mut reader = BufReader::new(stream);
    let mut lines = Vec::new();
    let mut head_left = MAX_HEAD_BYTES;
    loop {
        let mut line = Vec::new();
        let read = (&mut reader).take(head_left).read_until(b'\n', &mut line);
        head_left -= line.len() as u64;
        match read {
            Ok(0) if lines.is_empty() => return Err(ReadError::Gone),
            Ok(0) => return Err(refused(431, "the request head is too long or cut short")),
            Ok(_) => {}
            Err(_) => return Err(ReadError::Gone),
        }
        while matches!(line.last(), Some(b'\n' | b'\r')) {
            line.pop();
        }
        if line.is_empty() {
            if lines.is_empty() {
                continue; // blank lines before a request are allowed
            }
            break;
        }
        lines.push(String::from_utf8(line).map_err(|_| refused(400, "the request head is not UTF-8"))?);
    }
    let request_line = lines.remove(0);
    let mut parts = request_line.split(' ');
    let (Some(method), Some(target), Some(version), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(refused(400, "bad request line"));
    };
    if !version.starts_with("HTTP/1.") {
        return Err(refused(400, "only HTTP/1.x is spoken here"));
    }
    let mut headers = Vec::new();
    for line in lines {
        let (name, value) = line.split_once(':').ok_or_else(|| refused(400, "bad header line"))?;
        headers.push((name.trim().to_string(), value.trim().to_string()));
    }
    let (raw_path, raw_query) = target.split_once('?').unwrap_or((target, ""));
    let path = percent_decode(raw_path)?;
    let mut query = Vec::new();
    for pair in raw_query.split('&').filter(|p| !p.is_empty()) {
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        query.push((percent_decode(k)?, percent_decode(v)?));
    }
    let mut request = Request { method: method.to_string(), path, query, headers, body: Vec::new() };
    if request.header("Transfer-Encoding").is_some() {
        return Err(refused(411, "send the body with a Content-Length"));
    }
    let length = match request.header("Content-Length") {
        None => 0,
        Some(text) => text.parse::<u64>().map_err(|_| refused(400, "bad Content-Length"))?,
    };
    if length > MAX_BODY_BYTES as u64 {
        return Err(refused(413, "the request body is too large"));
    }
    // The reader may hold the start of the body already: it reads on from there.
    let mut body = vec![0; length as usize];
    reader.read_exact(&mut body).map_err(|_| refused(400, "the body is shorter than its Content-Length"))?;
    request.body = body;
    Ok(request)
}

/// Most bytes read and dropped from a refused request before the connection is closed, and
/// how long it is waited for.
const LINGER_BYTES: u64 = 1 << 20;
const LINGER_TIME: Duration = Duration::from_millis(500);

/// Closes our side, then drops what the client still sends (up to a limit) before the socket
/// is closed.
pub fn linger(stream: &TcpStream) {
    let _ = stream.shutdown(std::net::Shutdown::Write);
    let _ = stream.set_read_timeout(Some(LINGER_TIME));
    let _ = io::copy(&mut stream.take(LINGER_BYTES), &mut io::sink());
}

pub fn status_text(status: u16) -> &'static str {
    match status {
        200 => "OK",
        201 => "Created",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        409 => "Conflict",
        411 => "Length Required",
        413 => "Content Too Large",
        415 => "Unsupported Media Type",
        431 => "Request Header Fields Too Large",
        503 => "Service Unavailable",
        _ => "Error",
    }
}

/// Writes a whole response and closes the exchange (one request per connection).
pub fn respond(mut stream: &TcpStream, status: u16, content_type: &str, body: &[u8]) -> io::Result<()> {
    let _ = stream.set_write_timeout(Some(WRITE_TIMEOUT));
    let head = format!(
        "HTTP/1.1 {status} {}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n",
        status_text(status),
        body.len()
    );
    stream.write_all(head.as_bytes())?;
    stream.write_all(body)?;
    stream.flush()
}
