// Our driver around OpenGotha's own file reader (3.52.03), run headless by the test run
// (tests/it/opengotha_reader.rs) on the office's exports: it loads a file as OpenGotha's
// "Import tournament" does and prints, as JSON on stdout, what OpenGotha read of it. The test
// compiles it into a temporary folder against ../shared/oracles/opengotha-3.52.03/opengotha.jar;
// no class file is committed.
//
//   java Reader FILE.xml
//       {"version", "report", "rounds", "players": [{key, name, firstName, rank, participating}],
//        "games": [{round, table, white, black, handicap, result}], "byes": [{round, player}],
//        "standings": [{round, criteria, rows: [{key, values}]}]}
//       rounds and tables 1-based; participating one flag per round of the event; result
//       OpenGotha's name for it (RESULT_WHITEWINS_BYDEF …); standings after every round that
//       has a game, in OpenGotha's order, each value in its units (getCritValue).
//
// Exit 1 with OpenGotha's own message when it reads no player: its reader stops at the first
// player its Player class refuses (an empty first name, a one-letter country) and imports nothing.

import info.vannier.gotha.ExternalDocument;
import info.vannier.gotha.Game;
import info.vannier.gotha.PlacementParameterSet;
import info.vannier.gotha.Player;
import info.vannier.gotha.ScoredPlayer;
import info.vannier.gotha.Tournament;

import java.io.File;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Locale;
import java.util.logging.Level;
import java.util.logging.Logger;

public class Reader {
    public static void main(String[] args) {
        int code = 0;
        try {
            Logger.getLogger("").setLevel(Level.OFF);
            Locale.setDefault(Locale.ROOT);
            // OpenGotha may ask a web service for this machine's address: a proxy on a closed
            // loopback port keeps every request on the machine.
            for (String scheme : new String[] {"http", "https"}) {
                System.setProperty(scheme + ".proxyHost", "127.0.0.1");
                System.setProperty(scheme + ".proxyPort", "9");
            }
            if (args.length != 1) {
                System.err.println("usage: Reader FILE.xml");
                code = 2;
            } else {
                PrintStream out = new PrintStream(System.out, true, "UTF-8");
                // OpenGotha prints its own remarks (an unparsable date) on stdout: to stderr.
                System.setOut(System.err);
                out.print(read(new File(args[0])));
            }
        } catch (Throwable e) {
            e.printStackTrace();
            code = 1;
        }
        // OpenGotha's RMI registry thread keeps the JVM alive otherwise.
        System.exit(code);
    }

    static String version() throws Exception {
        Method m = Class.forName("info.vannier.gotha.Gotha").getDeclaredMethod("getGothaFullVersionNumber");
        m.setAccessible(true);
        return (String) m.invoke(null);
    }

    static String read(File file) throws Exception {
        Tournament t = new Tournament();
        // As OpenGotha's "Import tournament" window: players, games, parameters, teams, clubs groups.
        String report = ExternalDocument.importTournamentFromXMLFile(file, t, true, true, true, false, true);
        if (t.playersList().isEmpty()) {
            throw new IllegalStateException(file + ": OpenGotha read no player: " + report);
        }
        int rounds = t.getTournamentParameterSet().getGeneralParameterSet().getNumberOfRounds();
        StringBuilder s = new StringBuilder("{\"version\": ").append(str(version()))
                .append(", \"report\": ").append(str(report == null ? "" : report))
                .append(", \"rounds\": ").append(rounds).append(", \"players\": [");
        ArrayList<Player> players = new ArrayList<Player>(t.playersList());
        players.sort(Comparator.comparing(Player::getKeyString));
        for (int i = 0; i < players.size(); i++) {
            Player p = players.get(i);
            StringBuilder part = new StringBuilder();
            for (int r = 0; r < rounds; r++) {
                part.append(p.getParticipating()[r] ? '1' : '0');
            }
            s.append(i == 0 ? "\n  " : ",\n  ").append("{\"key\": ").append(str(p.getKeyString()))
                    .append(", \"name\": ").append(str(p.getName()))
                    .append(", \"firstName\": ").append(str(p.getFirstName()))
                    .append(", \"rank\": ").append(p.getRank())
                    .append(", \"participating\": ").append(str(part.toString())).append("}");
        }
        s.append("],\n\"games\": [");
        ArrayList<Game> games = new ArrayList<Game>(t.gamesList());
        games.sort(Comparator.comparingInt(Game::getRoundNumber).thenComparingInt(Game::getTableNumber));
        int last = -1;
        for (int i = 0; i < games.size(); i++) {
            Game g = games.get(i);
            last = Math.max(last, g.getRoundNumber());
            s.append(i == 0 ? "\n  " : ",\n  ").append("{\"round\": ").append(g.getRoundNumber() + 1)
                    .append(", \"table\": ").append(g.getTableNumber() + 1)
                    .append(", \"white\": ").append(str(g.getWhitePlayer().getKeyString()))
                    .append(", \"black\": ").append(str(g.getBlackPlayer().getKeyString()))
                    .append(", \"handicap\": ").append(g.getHandicap())
                    .append(", \"result\": ").append(str(result(g.getResult()))).append("}");
        }
        s.append("],\n\"byes\": [");
        boolean first = true;
        for (int r = 0; r < rounds; r++) {
            Player bye = t.getByePlayer(r);
            if (bye != null) {
                s.append(first ? "" : ", ").append("{\"round\": ").append(r + 1).append(", \"player\": ")
                        .append(str(bye.getKeyString())).append("}");
                first = false;
            }
        }
        s.append("],\n\"standings\": [");
        PlacementParameterSet pps = t.getTournamentParameterSet().getPlacementParameterSet();
        int[] crit = pps.getPlaCriteria();
        for (int r = 0; r <= last; r++) {
            s.append(r == 0 ? "\n  " : ",\n  ").append("{\"round\": ").append(r + 1).append(", \"criteria\": [");
            boolean firstCrit = true;
            for (int c : crit) {
                if (PlacementParameterSet.criterionLongName(c).equals("NULL")) {
                    continue;
                }
                s.append(firstCrit ? "" : ", ").append(str(PlacementParameterSet.criterionLongName(c)));
                firstCrit = false;
            }
            s.append("], \"rows\": [");
            boolean firstRow = true;
            for (ScoredPlayer sp : t.orderedScoredPlayersList(r, pps)) {
                s.append(firstRow ? "" : ", ").append("{\"key\": ").append(str(sp.getKeyString())).append(", \"values\": [");
                boolean firstValue = true;
                for (int c : crit) {
                    if (PlacementParameterSet.criterionLongName(c).equals("NULL")) {
                        continue;
                    }
                    s.append(firstValue ? "" : ", ").append(sp.getCritValue(c, r));
                    firstValue = false;
                }
                s.append("]}");
                firstRow = false;
            }
            s.append("]}");
        }
        return s.append("]}\n").toString();
    }

    static String result(int r) {
        switch (r) {
            case Game.RESULT_UNKNOWN: return "RESULT_UNKNOWN";
            case Game.RESULT_WHITEWINS: return "RESULT_WHITEWINS";
            case Game.RESULT_BLACKWINS: return "RESULT_BLACKWINS";
            case Game.RESULT_EQUAL: return "RESULT_EQUAL";
            case Game.RESULT_BOTHLOSE: return "RESULT_BOTHLOSE";
            case Game.RESULT_BOTHWIN: return "RESULT_BOTHWIN";
            case Game.RESULT_WHITEWINS_BYDEF: return "RESULT_WHITEWINS_BYDEF";
            case Game.RESULT_BLACKWINS_BYDEF: return "RESULT_BLACKWINS_BYDEF";
            case Game.RESULT_EQUAL_BYDEF: return "RESULT_EQUAL_BYDEF";
            case Game.RESULT_BOTHLOSE_BYDEF: return "RESULT_BOTHLOSE_BYDEF";
            case Game.RESULT_BOTHWIN_BYDEF: return "RESULT_BOTHWIN_BYDEF";
            default: return "RESULT_" + r;
        }
    }

    static String str(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') {
                b.append('\\').append(c);
            } else if (c == '\n') {
                b.append("\\n");
            } else if (c < 0x20) {
                b.append(String.format("\\u%04x", (int) c));
            } else {
                b.append(c);
            }
        }
        return b.append('"').toString();
    }
}
