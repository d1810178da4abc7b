#!/usr/bin/env python3
"""The browser board end to end, in a real browser: Debian's chromium driven by chromedriver
through Selenium WebDriver. Starts `tinman serve` on a free port, opens the page and, in every
game, makes moves by clicking squares (and one by dragging), gets engine replies, ends games by
mate and by resigning, enters a desertoasis jump chain of three captures jump by jump and a
wizardoz road double move, and checks the position the server reports against the rules core
as the command line gives it (`tinman fen --variant V --fen F --moves ...`), which shares no
code with the server's state.

usage: board_e2e.py TINMAN [--screenshots DIR]
Exit status: 0 all passed, 1 a check failed, 3 Selenium or chromium is missing.
"""

import json
import os
import re
import subprocess
import sys
import time
import urllib.request

try:
    from selenium import webdriver
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
except ImportError:
    print("selenium is missing: pip install selenium (tests/run.sh installs it)")
    sys.exit(3)

CHROMEDRIVER = "/usr/bin/chromedriver"
CHROMIUM = "/usr/bin/chromium"
WAIT_S = 60

# A Desert Wazir on c3 among Black units: c3-c5-e5-e7 jumps c4, d5 and e6
# (tests/desertoasis_rules.rs works it out by hand).
CHAIN_FEN = "12/12/12/12/12/12/2p1p7/3x8/2n9/2W9/12/12 w - - 0 1"
# A wizardoz position whose g4 pawn (on the road) reaches f6 by the Black Bishop on f5.
ROAD_FEN = "r1f1bkqnr/ppp2pppp/3p5/4P4/3n1b3/P1Q3PPB/9/1P1PPP2P/RN1KB1FNR w KQkq - 3 8"
# imawazir with Wazir heights in the centre.
HEIGHTS_FEN = "ww1w1ww1/pp3ppp/2wp4/3WwW2/2W1P3/2P2w2/PP3PPP/WW3WW1 w - - 0 1 c6=4,d5=5,e5=6,f5=3,c4=2,f3=5"
# The fool's mate, as clicks.
FOOLS_MATE = ["f2f3", "e7e5", "g2g4", "d8h4"]


class Failed(Exception):
    pass


def check(cond, what):
    if not cond:
        raise Failed(what)


class Board:
    """The page in the browser, and the server behind it."""

    def __init__(self, driver, base, tinman):
        self.d = driver
        self.base = base
        self.tinman = tinman

    def open(self):
        self.d.get(self.base)
        self.wait(lambda: self.js("return !!(window.tinman && window.tinman.state)"), "the page loads a game")
        self.idle()

    def js(self, script, *args):
        return self.d.execute_script(script, *args)

    def wait(self, cond, what, timeout=WAIT_S):
        end = time.time() + timeout
        while time.time() < end:
            try:
                if cond():
                    return
            except WebDriverException:
                pass
            time.sleep(0.1)
        raise Failed("timed out waiting: " + what)

    def idle(self):
        self.wait(lambda: not self.js("return window.tinman.busy"), "the page is idle")

    def state(self):
        return self.js("return window.tinman.state")

    def api_state(self):
        game = self.js("return window.tinman.gameId")
        with urllib.request.urlopen(f"{self.base}api/games/{game}") as r:
            return json.load(r)

    def select(self, element_id, value):
        self.js(
            "const e = document.getElementById(arguments[0]); e.value = arguments[1];"
            "e.dispatchEvent(new Event('change', {bubbles: true}));",
            element_id,
            value,
        )

    def set_value(self, element_id, value):
        e = self.d.find_element(By.ID, element_id)
        e.clear()
        e.send_keys(str(value))
        self.js("document.getElementById(arguments[0]).dispatchEvent(new Event('change', {bubbles: true}))", element_id)

    def click_id(self, element_id):
        self.d.find_element(By.ID, element_id).click()

    def square(self, sq):
        return self.d.find_element(By.CSS_SELECTOR, f'#squares > [data-square="{sq}"]')

    def click_square(self, sq):
        # A real pointer click at the square's centre (whatever is drawn on top receives it).
        ActionChains(self.d).move_to_element(self.square(sq)).click().perform()

    def drag(self, a, b):
        ActionChains(self.d).move_to_element(self.square(a)).click_and_hold().move_by_offset(3, 3).move_to_element(
            self.square(b)
        ).release().perform()

    def destinations(self):
        return sorted(
            e.get_attribute("data-square") for e in self.d.find_elements(By.CSS_SELECTOR, "#board .dest[data-square]")
        )

    def new_game(self, variant, side="both", fen=None):
        self.select("variant", variant)
        self.select("side", side)
        self.set_value("depth", 2)
        self.set_value("movetime", "")
        self.click_id("new-game")
        self.wait(lambda: (self.state() or {}).get("variant") == variant, f"a new {variant} game")
        self.idle()
        if fen:
            self.set_value("fen-input", fen)
            self.click_id("set-fen")
            self.wait(lambda: self.state()["start_fen"] != self.state()["fen"] or self.state()["ply"] == 0, "the FEN")
            self.idle()

    def core_fen(self, st):
        """The rules core's FEN after the game's moves, from the command line."""
        moves = " ".join(m["text"] for m in st["history"])
        out = subprocess.run(
            [self.tinman, "fen", "--variant", st["variant"], "--fen", st["start_fen"], "--moves", moves],
            capture_output=True,
            text=True,
            check=True,
        )
        return out.stdout.strip()

    def agrees_with_core(self):
        st = self.api_state()
        check(st["fen"] == self.js("return window.tinman.state.fen"), "the page shows the server's position")
        check(st["fen"] == self.core_fen(st), f"server {st['fen']} != core {self.core_fen(st)}")
        return st

    def play_by_clicks(self, move):
        """Clicks a move given as text: its start square, then each landing square of its path
        (the server's), then its promotion choice."""
        st = self.state()
        with urllib.request.urlopen(f"{self.base}api/games/{st['id']}/moves") as r:
            found = [m for m in json.load(r) if m["text"] == move]
        check(found, f"{move} is legal")
        path = found[0]["path"]
        self.click_square(path[0])
        self.wait(lambda: self.destinations(), f"destinations of {path[0]}")
        for sq in path[1:]:
            check(sq in self.destinations(), f"{sq} is offered for {move}: {self.destinations()}")
            self.click_square(sq)
        if found[0]["promotion"]:
            choice = f'[data-promotion="{found[0]["promotion"]}"]'
            self.wait(lambda: self.d.find_elements(By.CSS_SELECTOR, choice), "the promotion choice")
            self.d.find_element(By.CSS_SELECTOR, choice).click()
        self.wait(lambda: self.state()["ply"] > st["ply"], f"{move} is played")
        self.idle()


def run_checks(b, shots):
    done = []

    def shot(name):
        if shots:
            b.d.save_screenshot(os.path.join(shots, name + ".png"))

    b.open()
    variants = json.load(urllib.request.urlopen(b.base + "api/variants"))
    for v in variants:
        name = v["name"]
        # The start position, its board drawn: every playable square, no holes.
        b.new_game(name, "both")
        squares = b.d.find_elements(By.CSS_SELECTOR, "#squares > [data-square]")
        check(len(squares) == v["width"] * v["height"] - len(v["holes"]), f"{name}: squares drawn")
        for hole in v["holes"]:
            check(not b.d.find_elements(By.CSS_SELECTOR, f'#squares > [data-square="{hole}"]'), f"{name}: hole {hole}")
        check(len(b.d.find_elements(By.CSS_SELECTOR, "#board [data-piece]")) == len(b.state()["board"]), f"{name}: pieces")
        shot(f"{name}-start")
        # Against the engine: two moves by clicks, each answered; then resign.
        b.new_game(name, "white")
        for _ in range(2):
            st = b.state()
            first = sorted(
                json.load(urllib.request.urlopen(f"{b.base}api/games/{st['id']}/moves")),
                key=lambda m: (len(m["path"]), m["text"]),
            )[0]
            b.play_by_clicks(first["text"])
            b.wait(lambda: b.state()["ply"] >= st["ply"] + 2 or b.state()["outcome"], f"{name}: the engine replies")
            b.idle()
            b.agrees_with_core()
        b.click_id("resign")
        b.wait(lambda: b.state()["outcome"] is not None, f"{name}: resignation")
        check("resign" in b.d.find_element(By.ID, "result").text.lower(), f"{name}: the result says resigns")
        done.append(f"{name}: clicks, engine replies, resignation")

    # A game finished by mate, by clicks, one move dragged.
    b.new_game("normal", "both")
    b.drag("f2", "f3")
    b.wait(lambda: b.state()["ply"] == 1, "the dragged move")
    b.idle()
    for mv in FOOLS_MATE[1:]:
        b.play_by_clicks(mv)
    st = b.agrees_with_core()
    check(st["outcome"]["reason"] == "checkmate", "mate")
    check("mates" in b.d.find_element(By.ID, "result").text, "the result shows the mate")
    done.append("normal: a drag, a mate by clicks")

    # A desertoasis chain of three captures, jump by jump, with the chance to stop shown.
    b.new_game("desertoasis", "both", CHAIN_FEN)
    b.click_square("c3")
    b.wait(lambda: b.destinations(), "c3's moves")
    check(set(["b3", "c2", "d3", "c5"]) <= set(b.destinations()), f"c3 offers its steps and c5: {b.destinations()}")
    b.click_square("c5")
    b.wait(lambda: set(b.destinations()) >= {"c7", "e5"}, "the chain goes on from c5 to c7 or e5")
    check(b.d.find_element(By.ID, "chain-stop").is_displayed(), "the chain may stop at c5")
    b.click_square("e5")
    b.wait(lambda: "e7" in b.destinations(), "on from e5 to e7")
    b.click_square("e7")
    b.wait(lambda: b.state()["ply"] == 1, "the chain is played")
    b.idle()
    st = b.agrees_with_core()
    check(st["last_move"]["captured"] == ["c4", "d5", "e6"], f"three captures: {st['last_move']}")
    check(len(b.d.find_elements(By.CSS_SELECTOR, "#board .captured")) >= 3, "the captured units are marked")
    shot("desertoasis-chain")
    done.append("desertoasis: a three-capture chain by clicks")

    # A wizardoz road double move by clicks; its Tornado is shown.
    b.new_game("wizardoz", "both", ROAD_FEN)
    b.click_square("g4")
    b.wait(lambda: "f6" in b.destinations(), "g4 reaches f6 over the road")
    b.click_square("f6")
    b.wait(lambda: b.state()["ply"] == 1, "the road move is played")
    b.idle()
    st = b.agrees_with_core()
    check(st["last_move"]["tornado"] == ["f5"], "the Tornado is f5")
    check(b.d.find_elements(By.CSS_SELECTOR, '#board .tornado'), "the Tornado is drawn")
    shot("wizardoz-road")
    done.append("wizardoz: a road double move by clicks")

    # imawazir heights drawn on the Wazirs.
    b.new_game("imawazir", "both", HEIGHTS_FEN)
    badges = b.d.find_elements(By.CSS_SELECTOR, "#board .height")
    check(len(badges) == sum(1 for u in b.state()["board"] if u["height"] is not None), "a height on every Wazir")
    shot("imawazir-heights")
    done.append("imawazir: Wazir heights shown")

    # An illegal move is refused, the position unchanged: a click on a square that is no
    # destination just drops the choice.
    b.new_game("wedgie", "both")
    before = b.state()["fen"]
    b.click_square("e2")
    b.click_square("e9")
    time.sleep(0.3)
    b.idle()
    check(b.api_state()["fen"] == before, "a click off the destinations changes nothing")
    # Analysis shows lines live and stops.
    b.click_id("analyse")
    b.wait(lambda: b.d.find_element(By.ID, "analysis").text.strip() != "", "analysis lines")
    b.wait(lambda: b.d.find_elements(By.CSS_SELECTOR, "#arrows > *"), "the best move's arrow")
    shot("wedgie-analysis")
    b.click_id("analyse")
    b.wait(lambda: not b.api_state()["searching"], "the analysis stops")
    done.append("wedgie: a refused move, analysis started and stopped")
    return done


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        sys.exit(2)
    tinman = sys.argv[1]
    shots = sys.argv[sys.argv.index("--screenshots") + 1] if "--screenshots" in sys.argv else None
    if shots:
        os.makedirs(shots, exist_ok=True)
    if not (os.path.exists(CHROMEDRIVER) and os.path.exists(CHROMIUM)):
        print("chromium or chromium-driver is missing: apt-get install chromium chromium-driver")
        sys.exit(3)
    server = subprocess.Popen([tinman, "serve", "--port", "0", "--hash", "8"], stdout=subprocess.PIPE, text=True)
    try:
        line = server.stdout.readline()
        url = re.search(r"http://\S+/", line)
        if not url:
            print("tinman serve did not say where it listens: " + line)
            sys.exit(1)
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for arg in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,900"]:
            options.add_argument(arg)
        driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
        started = time.time()
        try:
            board = Board(driver, url.group(0), tinman)
            board.open()
            nav = board.js("const n = performance.getEntriesByType('navigation')[0]; return [n.duration, n.transferSize]")
            print(
                f"page loaded in {nav[0]:.0f} ms ({nav[1]} bytes for the HTML); first game shown after "
                f"{time.time() - started:.2f} s (the browser already running)"
            )
            done = run_checks(board, shots)
        except Failed as e:
            if shots:
                driver.save_screenshot(os.path.join(shots, "failure.png"))
            print("FAILED: " + str(e))
            logs = driver.get_log("browser") if hasattr(driver, "get_log") else []
            for entry in logs:
                print("browser:", entry)
            sys.exit(1)
        finally:
            driver.quit()
        for d in done:
            print("ok: " + d)
        print(f"{len(done)} checks passed, 0 failed")
    finally:
        server.kill()


if __name__ == "__main__":
    main()
