// Our driver around OpenGotha's own pairing engine (3.51.02 or 3.52.03), run headless as the
// oracle for the pairing parity tests. The jar is fetched or built from OpenGotha's public
// repositories (see scripts/opengotha-oracle) and never committed; `scripts/opengotha-oracle`
// compiles and runs this. What it answers is committed as data under
// shared/domain/tests/fixtures/opengotha/oracle/VERSION/.
//
//   java Oracle version
//       The jar's version (OpenGotha's fullVersionNumber, e.g. 3.52.03).
//   java Oracle replay FILE.xml OUT.json
//       Every round of FILE that has games, paired again as OpenGotha's pairing window pairs it
//       from the rounds before: the boards, colours, handicaps, tables, the bye, and the cost
//       OpenGotha gives each chosen pair.
//   java Oracle play SEED FIRST COUNT OUTDIR
//       Generated tournaments FIRST .. FIRST+COUNT-1 of SEED: each made from the seed, then
//       every round paired by OpenGotha from the rounds it paired before, with random results;
//       the final file (OpenGotha's own XML) and each round's answer as above.
//   java Oracle standings FILE.xml OUT.json
//       The standings after the file's last round with games, as OpenGotha ranks them: each
//       player's value of every placement criterion of the file (OpenGotha's units, as
//       getCritValue gives them), best first.
//   java Oracle time FILE.xml ROUND RUNS
//       How long OpenGotha's makeAutomaticPairing takes on round ROUND of FILE (as `replay`
//       prepares it): the first call, then the median of RUNS calls after as many warm-up
//       calls, in milliseconds, as JSON on stdout (for the pairing benchmark).

import info.vannier.gotha.ExternalDocument;
import info.vannier.gotha.Game;
import info.vannier.gotha.PlacementParameterSet;
import info.vannier.gotha.Player;
import info.vannier.gotha.ScoredPlayer;
import info.vannier.gotha.Tournament;

import java.io.File;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Locale;
import java.util.Random;
import java.util.TreeSet;
import java.util.logging.Level;
import java.util.logging.Logger;

public class Oracle {
    public static void main(String[] args) {
        int code = 0;
        try {
            // OpenGotha logs expected non-events (a game removed that was not there) as SEVERE.
            Logger.getLogger("").setLevel(Level.OFF);
            Locale.setDefault(Locale.ROOT);
            // Saving a file, OpenGotha asks a web service for this machine's address; a proxy on
            // a closed loopback port makes that fail here, never leaving the machine.
            for (String scheme : new String[] {"http", "https"}) {
                System.setProperty(scheme + ".proxyHost", "127.0.0.1");
                System.setProperty(scheme + ".proxyPort", "9");
            }
            if (args.length == 1 && args[0].equals("version")) {
                System.out.println(version());
            } else if (args.length == 3 && args[0].equals("replay")) {
                Files.write(new File(args[2]).toPath(), replay(new File(args[1])).getBytes(StandardCharsets.UTF_8));
            } else if (args.length == 3 && args[0].equals("standings")) {
                Files.write(new File(args[2]).toPath(), standings(new File(args[1])).getBytes(StandardCharsets.UTF_8));
            } else if (args.length == 4 && args[0].equals("time")) {
                System.out.println(time(new File(args[1]), Integer.parseInt(args[2]) - 1, Integer.parseInt(args[3])));
            } else if (args.length == 5 && args[0].equals("play")) {
                long seed = Long.parseLong(args[1]);
                int first = Integer.parseInt(args[2]);
                int count = Integer.parseInt(args[3]);
                for (int i = first; i < first + count; i++) {
                    play(seed, i, new File(args[4]));
                }
            } else {
                System.err.println("usage: Oracle version | Oracle replay FILE.xml OUT.json | Oracle play SEED FIRST COUNT OUTDIR | Oracle standings FILE.xml OUT.json | Oracle time FILE.xml ROUND RUNS");
                code = 2;
            }
        } catch (Throwable e) {
            e.printStackTrace();
            code = 1;
        }
        // OpenGotha's RMI registry thread keeps the JVM alive otherwise.
        System.exit(code);
    }

    /** The jar's own version number, as it writes it in a file's fullVersionNumber. */
    static String version() throws Exception {
        // Gotha is package-private: read through reflection, as the driver reads costValue.
        Method m = Class.forName("info.vannier.gotha.Gotha").getDeclaredMethod("getGothaFullVersionNumber");
        m.setAccessible(true);
        return (String) m.invoke(null);
    }

    /** Whether the jar is OpenGotha 3.52 or later (handicap base, Breizh groups). */
    static boolean since352() throws Exception {
        String[] v = version().split("\\.");
        return Integer.parseInt(v[0]) * 100 + Integer.parseInt(v[1]) >= 352;
    }

    /** Loads FILE into a fresh tournament. */
    static Tournament load(File file) throws Exception {
        Tournament t = new Tournament();
        // It answers with a report of what it imported, not an error.
        ExternalDocument.importTournamentFromXMLFile(file, t, true, true, true, false, true);
        if (t.playersList().isEmpty()) {
            throw new IOException(file + ": no players imported");
        }
        return t;
    }

    /** Removes every game and bye of round `r0` (0-based) and later. */
    static void truncate(Tournament t, int r0) throws Exception {
        for (Game g : new ArrayList<Game>(t.gamesList())) {
            if (g.getRoundNumber() >= r0) {
                t.removeGame(g);
            }
        }
        for (int r = r0; r < t.getTournamentParameterSet().getGeneralParameterSet().getNumberOfRounds(); r++) {
            t.unassignByePlayer(r);
        }
        changed(t);
    }

    /**
     * Says the tournament changed, as every window of OpenGotha does after it changes one
     * (`tournamentChanged`): the scores it caches are computed again only then.
     */
    static void changed(Tournament t) throws Exception {
        t.setLastTournamentModificationTime(t.getCurrentTournamentTime());
        // Its cache counts as fresh only when computed in a later millisecond than the change;
        // in the same one it is computed again at every use, then with the round's bye in it
        // (the window is never that quick): wait, so the answers do not depend on timing.
        Thread.sleep(2);
    }

    static String replay(File file) throws Exception {
        TreeSet<Integer> rounds = new TreeSet<Integer>();
        for (Game g : load(file).gamesList()) {
            rounds.add(g.getRoundNumber());
        }
        StringBuilder out = new StringBuilder("{\"file\": ").append(str(file.getName())).append(", \"rounds\": [");
        boolean firstRound = true;
        for (int r0 : rounds) {
            Tournament t = load(file);
            truncate(t, r0);
            out.append(firstRound ? "\n  " : ",\n  ").append(pair(t, r0));
            firstRound = false;
        }
        return out.append("\n]}\n").toString();
    }

    /**
     * The players the pairing window pairs in round `r0` with nothing selected: every finally
     * registered player taking part, in its default order (by score after the round before),
     * less the bye it chooses from that list when the count is odd. Returns {list, bye}.
     */
    static Object[] pairable(Tournament t, int r0) throws Exception {
        ArrayList<Player> pairable = new ArrayList<Player>();
        for (Player p : t.playersList()) {
            if (p.getRegisteringStatus().equals("FIN") && p.getParticipating()[r0]) {
                pairable.add(p);
            }
        }
        PlacementParameterSet pps = t.getTournamentParameterSet().getPlacementParameterSet();
        ArrayList<Player> ordered = new ArrayList<Player>();
        for (ScoredPlayer sp : t.orderedScoredPlayersList(r0 - 1, pps)) {
            for (Player p : pairable) {
                if (p.hasSameKeyString(sp)) {
                    ordered.add(p);
                }
            }
        }
        Player bye = null;
        if (ordered.size() % 2 != 0) {
            t.chooseAByePlayer(ordered, r0);
            bye = t.getByePlayer(r0);
            Player remove = null;
            for (Player p : ordered) {
                if (p.hasSameKeyString(bye)) {
                    remove = p;
                }
            }
            ordered.remove(remove);
        }
        return new Object[] {ordered, bye};
    }

    static String standings(File file) throws Exception {
        Tournament t = load(file);
        int last = -1;
        for (Game g : t.gamesList()) {
            last = Math.max(last, g.getRoundNumber());
        }
        PlacementParameterSet pps = t.getTournamentParameterSet().getPlacementParameterSet();
        int[] crit = pps.getPlaCriteria();
        StringBuilder out = new StringBuilder("{\"file\": ").append(str(file.getName()))
                .append(", \"round\": ").append(last + 1).append(", \"criteria\": [");
        boolean first = true;
        for (int c : crit) {
            if (PlacementParameterSet.criterionLongName(c).equals("NULL")) {
                continue;
            }
            out.append(first ? "" : ", ").append(str(PlacementParameterSet.criterionLongName(c)));
            first = false;
        }
        out.append("], \"players\": [");
        first = true;
        for (ScoredPlayer sp : t.orderedScoredPlayersList(last, pps)) {
            out.append(first ? "\n  " : ",\n  ").append("{\"key\": ").append(str(sp.getKeyString())).append(", \"values\": [");
            boolean firstValue = true;
            for (int c : crit) {
                if (PlacementParameterSet.criterionLongName(c).equals("NULL")) {
                    continue;
                }
                out.append(firstValue ? "" : ", ").append(sp.getCritValue(c, last));
                firstValue = false;
            }
            out.append("]}");
            first = false;
        }
        return out.append("\n]}\n").toString();
    }

    static String time(File file, int r0, int runs) throws Exception {
        Tournament t = load(file);
        truncate(t, r0);
        Object[] prepared = pairable(t, r0);
        @SuppressWarnings("unchecked")
        ArrayList<Player> ordered = (ArrayList<Player>) prepared[0];
        long start = System.nanoTime();
        t.makeAutomaticPairing(ordered, r0);
        double first = (System.nanoTime() - start) / 1e6;
        for (int i = 0; i < runs; i++) {
            t.makeAutomaticPairing(ordered, r0);
        }
        double[] ms = new double[runs];
        for (int i = 0; i < runs; i++) {
            start = System.nanoTime();
            t.makeAutomaticPairing(ordered, r0);
            ms[i] = (System.nanoTime() - start) / 1e6;
        }
        java.util.Arrays.sort(ms);
        return String.format(Locale.ROOT, "{\"players\": %d, \"first_ms\": %.1f, \"median_ms\": %.1f}", ordered.size(), first, ms[runs / 2]);
    }

    /**
     * Pairs round `r0` as the pairing window does with nothing selected (`pairable`), then
     * `makeAutomaticPairing` and the tables numbered by best score then rating. Returns the
     * round's answer as JSON.
     */
    static String pair(Tournament t, int r0) throws Exception {
        Object[] prepared = pairable(t, r0);
        @SuppressWarnings("unchecked")
        ArrayList<Player> ordered = (ArrayList<Player>) prepared[0];
        Player bye = (Player) prepared[1];
        ArrayList<Game> games = t.makeAutomaticPairing(ordered, r0);
        // What each chosen pair cost in OpenGotha's own terms (its private costValue, as
        // makeAutomaticPairing left the pairing information).
        HashMap<String, Long> costs = new HashMap<String, Long>();
        Method costValue = Tournament.class.getDeclaredMethod("costValue", ScoredPlayer.class, ScoredPlayer.class, int.class, ArrayList.class);
        costValue.setAccessible(true);
        Field scored = Tournament.class.getDeclaredField("hmScoredPlayers");
        scored.setAccessible(true);
        @SuppressWarnings("unchecked")
        HashMap<String, ScoredPlayer> hm = (HashMap<String, ScoredPlayer>) scored.get(t);
        ArrayList<Game> previous = t.gamesListBefore(r0);
        // costs[i][j] is costValue(i, j) for i before j in the list it was given: its
        // "deterministic random" parts are not symmetric, so the order is the list's.
        HashMap<String, Integer> position = new HashMap<String, Integer>();
        for (int i = 0; i < ordered.size(); i++) {
            position.put(ordered.get(i).getKeyString(), i);
        }
        for (Game g : games) {
            String w = g.getWhitePlayer().getKeyString();
            String b = g.getBlackPlayer().getKeyString();
            boolean whiteFirst = position.get(w) < position.get(b);
            ScoredPlayer first = hm.get(whiteFirst ? w : b);
            ScoredPlayer second = hm.get(whiteFirst ? b : w);
            costs.put(w, (Long) costValue.invoke(t, first, second, r0, previous));
        }
        int tn = 0;
        for (Game g : games) {
            g.setTableNumber(tn++);
        }
        t.renumberTablesByBestScoreThenRating(r0, games);
        changed(t);
        ArrayList<Game> paired = new ArrayList<Game>(t.gamesList(r0));
        paired.sort(Comparator.comparingInt(Game::getTableNumber));
        StringBuilder s = new StringBuilder("{\"round\": ").append(r0 + 1).append(", \"bye\": ")
                .append(bye == null ? "null" : str(bye.getKeyString())).append(", \"order\": [");
        for (int i = 0; i < ordered.size(); i++) {
            s.append(i == 0 ? "" : ", ").append(str(ordered.get(i).getKeyString()));
        }
        s.append("], \"games\": [");
        for (int i = 0; i < paired.size(); i++) {
            Game g = paired.get(i);
            s.append(i == 0 ? "" : ", ").append("{\"table\": ").append(g.getTableNumber() + 1)
                    .append(", \"white\": ").append(str(g.getWhitePlayer().getKeyString()))
                    .append(", \"black\": ").append(str(g.getBlackPlayer().getKeyString()))
                    .append(", \"handicap\": ").append(g.getHandicap())
                    .append(", \"cost\": ").append(costs.get(g.getWhitePlayer().getKeyString())).append("}");
        }
        return s.append("]}").toString();
    }

    static String str(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') {
                b.append('\\');
            }
            b.append(c);
        }
        return b.append('"').toString();
    }

    // ---- Generated tournaments -------------------------------------------------------------

    static final String[] CLUBS = {"Pari", "Lyon", "Berl", "Muni", "Wars", "Prag", "Buda", "Wien", "Madr", "Roma"};
    static final String[] COUNTRIES = {"FR", "DE", "PL", "CZ", "HU", "AT", "ES", "IT"};
    static final String[] SEED_SYSTEMS = {"SPLITANDRANDOM", "SPLITANDFOLD", "SPLITANDSLIP"};
    static final String[] DUDD = {"TOP", "MID", "BOT"};
    /** Accented letters of European names, upper and lower case (Latin-1 and beyond). */
    static final String[] ACCENTED = {"É", "é", "è", "Ö", "ö", "ü", "Ü", "ß", "ç", "Ł", "ł", "ñ", "Å", "ø", "ž", "Č"};

    static String rankName(int rank) {
        // OpenGotha's ranks: -30 = 30K … -1 = 1K, 0 = 1D … 8 = 9D.
        return rank < 0 ? (-rank) + "K" : (rank + 1) + "D";
    }

    /**
     * Tournament number `i`, drawn from `rnd`: its players and parameters, as OpenGotha's XML.
     * `extra` draws what later versions of this generator added (what absences and byes are
     * worth, the McMahon zero, unplayed games counted as half a point, direct confrontation
     * among the criteria) from a stream of its own, so the tournaments drawn before stay the same;
     * `later`, null for a 3.51 jar, what only 3.52 reads (the handicap base by name, RANK, MMS or
     * BZS; accented names).
     */
    static String generate(int i, Random rnd, Random extra, Random later, String version) {
        // One tournament in four, for 3.52: names with accents (3.51.02 loses their games when it
        // reads a file without dataVersion, as both releases save them).
        boolean accents = later != null && later.nextInt(4) == 0;
        boolean mcmahon = rnd.nextBoolean();
        int players = i % 10 == 9 ? 100 + rnd.nextInt(301) : 8 + rnd.nextInt(53);
        int rounds = 3 + rnd.nextInt(8);
        boolean handicap = rnd.nextInt(3) == 0;
        boolean defaults = rnd.nextInt(4) == 0;
        StringBuilder x = new StringBuilder();
        x.append("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n");
        x.append("<Tournament dataVersion=\"201\" fullVersionNumber=\"" + version + "\" runningMode=\"SAL\">\n<Players>\n");
        for (int p = 0; p < players; p++) {
            int rank = Math.max(-30, Math.min(8, (int) Math.round(rnd.nextGaussian() * 8 - 6)));
            int rating = (rank + 21) * 100 + rnd.nextInt(100) - 50;
            StringBuilder part = new StringBuilder();
            for (int r = 0; r < 20; r++) {
                // A few players miss a round or two.
                part.append(r > 0 && r < rounds && rnd.nextInt(25) == 0 ? '0' : '1');
            }
            String first = String.format("P%03d", p);
            String name = String.format("Gen%04d", i);
            if (accents && later.nextInt(3) == 0) {
                first = ACCENTED[later.nextInt(ACCENTED.length)] + first;
                name = name + ACCENTED[later.nextInt(ACCENTED.length)];
            }
            x.append(String.format("<Player agaExpirationDate=\"\" agaId=\"\" club=\"%s\" country=\"%s\" egfPin=\"\" ffgLicence=\"\" ffgLicenceStatus=\"\" firstName=\"%s\" grade=\"\" name=\"%s\" participating=\"%s\" rank=\"%s\" rating=\"%d\" ratingOrigin=\"\" registeringStatus=\"FIN\" smmsCorrection=\"0\"/>\n",
                    CLUBS[rnd.nextInt(CLUBS.length)], COUNTRIES[rnd.nextInt(COUNTRIES.length)], first, name, part, rankName(rank), rating));
        }
        x.append("</Players>\n<Games>\n</Games>\n<ByePlayers>\n</ByePlayers>\n<TournamentParameterSet>\n");
        String bar = rankName(rnd.nextInt(6) - 2);
        String floor = rankName(-20 + rnd.nextInt(8));
        // OpenGotha's defaults, or (one in three) other values for what absences and byes are
        // worth and where starting scores count from; one in four counts unplayed games as half.
        boolean values = extra.nextInt(3) == 0;
        int absentMms = values ? extra.nextInt(3) : 1;
        int absentNbw = values ? extra.nextInt(2) : 0;
        int byeMms = values ? 1 + extra.nextInt(2) : 2;
        int byeNbw = values ? 1 + extra.nextInt(2) : 2;
        boolean roundDown = !values || extra.nextBoolean();
        String zero = values ? rankName(-30 + extra.nextInt(11)) : "30K";
        boolean unplayedHalf = extra.nextInt(4) == 0;
        x.append(String.format("<GeneralParameterSet bInternet=\"false\" basicTime=\"60\" beginDate=\"2026-01-01\" canByoYomiTime=\"300\" complementaryTimeSystem=\"STDBYOYOMI\" director=\"\" endDate=\"2026-01-02\" fischerTime=\"10\" genCountNotPlayedGamesAsHalfPoint=\"%s\" genMMBar=\"%s\" genMMFloor=\"%s\" genMMS2ValueAbsent=\"%d\" genMMS2ValueBye=\"%d\" genMMZero=\"%s\" genNBW2ValueAbsent=\"%d\" genNBW2ValueBye=\"%d\" genRoundDownNBWMMS=\"%s\" komi=\"7.5\" location=\"\" name=\"Generated %d\" nbMovesCanTime=\"15\" numberOfCategories=\"1\" numberOfRounds=\"%d\" shortName=\"gen%d\" size=\"19\" stdByoYomiTime=\"30\"/>\n",
                unplayedHalf, bar, floor, absentMms, byeMms, zero, absentNbw, byeNbw, roundDown, i, rounds, i));
        boolean onMms = rnd.nextBoolean();
        int ceiling = handicap ? 9 : 0;
        int correction = rnd.nextInt(3);
        String threshold = handicap ? rankName(-rnd.nextInt(10) - 1) : "30K";
        // 3.52 names the base (RANK, MMS or BZS); hdBasedOnMMS is what 3.51 reads, and 3.52
        // reads it too when hdBase is absent (one file in four here).
        String base = "";
        if (later != null && later.nextInt(4) != 0) {
            base = String.format(" hdBase=\"%s\"", new String[] {"RANK", "MMS", "BZS"}[later.nextInt(3)]);
        }
        x.append(String.format("<HandicapParameterSet%s hdBasedOnMMS=\"%s\" hdCeiling=\"%d\" hdCorrection=\"%d\" hdNoHdRankThreshold=\"%s\"/>\n",
                base, onMms, ceiling, correction, threshold));
        // One in five ranks ties by direct confrontation before SOSOS (as European events do).
        boolean dc = extra.nextInt(5) == 0;
        String[] crit = mcmahon ? new String[] {"MMS", "SOSM", dc ? "DC" : "SOSOSM", dc ? "SOSOSM" : "NULL", "NULL", "NULL"}
                : new String[] {"NBW", "SOSW", dc ? "DC" : "SOSOSW", dc ? "SOSOSW" : "NULL", "NULL", "NULL"};
        x.append("<PlacementParameterSet>\n<PlacementCriteria>\n");
        for (int c = 0; c < crit.length; c++) {
            x.append(String.format("<PlacementCriterion name=\"%s\" number=\"%d\"/>\n", crit[c], c + 1));
        }
        x.append("</PlacementCriteria>\n</PlacementParameterSet>\n");
        if (defaults) {
            x.append("<PairingParameterSet paiMaSeedSystem1=\"SPLITANDRANDOM\"/>\n");
        } else {
            x.append(String.format("<PairingParameterSet paiBaAvoidDuplGame=\"500000000000000\" paiBaBalanceWB=\"1000000\" paiBaDeterministic=\"true\" paiBaRandom=\"0\" paiMaAdditionalPlacementCritSystem1=\"%s\" paiMaAdditionalPlacementCritSystem2=\"%s\" paiMaAvoidMixingCategories=\"0\" paiMaCompensateDUDD=\"%s\" paiMaDUDDLowerMode=\"%s\" paiMaDUDDUpperMode=\"%s\" paiMaDUDDWeight=\"100000000\" paiMaLastRoundForSeedSystem1=\"%d\" paiMaMaximizeSeeding=\"5000000\" paiMaMinimizeScoreDifference=\"100000000000\" paiMaSeedSystem1=\"%s\" paiMaSeedSystem2=\"%s\" paiSeAvoidSameGeo=\"%s\" paiSeBarThresholdActive=\"%s\" paiSeDefSecCrit=\"100000000000\" paiSeMinimizeHandicap=\"0\" paiSeNbWinsThresholdActive=\"%s\" paiSePreferMMSDiffRatherThanSameClub=\"%d\" paiSePreferMMSDiffRatherThanSameCountry=\"%d\" paiSeRankThreshold=\"%s\" paiStandardNX1Factor=\"0.5\"/>\n",
                    rnd.nextBoolean() ? "Rating" : "NULL", rnd.nextBoolean() ? "Rating" : "NULL", rnd.nextBoolean(),
                    DUDD[rnd.nextInt(3)], DUDD[rnd.nextInt(3)], 1 + rnd.nextInt(3), SEED_SYSTEMS[rnd.nextInt(3)],
                    SEED_SYSTEMS[rnd.nextInt(3)], rnd.nextBoolean() ? "100000000000" : "0", rnd.nextBoolean(),
                    rnd.nextBoolean(), rnd.nextInt(4), rnd.nextInt(4), rankName(rnd.nextInt(6) - 3)));
        }
        x.append("</TournamentParameterSet>\n</Tournament>\n");
        return x.toString();
    }

    /** splitmix64's finaliser. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    static final int[] RESULTS = {Game.RESULT_WHITEWINS, Game.RESULT_BLACKWINS};

    /** Generates tournament `i`, has OpenGotha pair every round of it, and writes its answers. */
    static void play(long seed, int i, File outDir) throws Exception {
        // java.util.Random's first draws for nearby seeds are alike: the seed is mixed first.
        Random rnd = new Random(mix(mix(seed) ^ i));
        Random extra = new Random(mix(mix(seed) ^ i ^ 0x5EEDL << 32));
        Random later = since352() ? new Random(mix(mix(seed) ^ i ^ 0x352L << 40)) : null;
        String name = String.format("gen-%04d", i);
        File base = new File(outDir, name + ".base.xml");
        Files.write(base.toPath(), generate(i, rnd, extra, later, version()).getBytes(StandardCharsets.UTF_8));
        Tournament t = load(base);
        int rounds = t.getTournamentParameterSet().getGeneralParameterSet().getNumberOfRounds();
        StringBuilder out = new StringBuilder("{\"file\": ").append(str(name + ".xml")).append(", \"rounds\": [");
        for (int r0 = 0; r0 < rounds; r0++) {
            out.append(r0 == 0 ? "\n  " : ",\n  ").append(pair(t, r0));
            for (Game g : t.gamesList(r0)) {
                int roll = rnd.nextInt(100);
                // Mostly decided games; now and then a jigo or both losing.
                int result = roll < 2 ? Game.RESULT_EQUAL : roll < 4 ? Game.RESULT_BOTHLOSE : RESULTS[roll % 2];
                // Now and then a game won by default (not played).
                if (extra.nextInt(40) == 0) {
                    result = result == Game.RESULT_WHITEWINS ? Game.RESULT_WHITEWINS_BYDEF
                            : result == Game.RESULT_BLACKWINS ? Game.RESULT_BLACKWINS_BYDEF : result;
                }
                t.setResult(g, result);
            }
            changed(t);
        }
        Files.write(new File(outDir, name + ".json").toPath(), out.append("\n]}\n").toString().getBytes(StandardCharsets.UTF_8));
        ExternalDocument.generateXMLFile(t, new File(outDir, name + ".xml"));
        base.delete();
    }
}
