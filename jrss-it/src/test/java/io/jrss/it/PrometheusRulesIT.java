// SPDX-License-Identifier: Apache-2.0
package io.jrss.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The shipped alerts and dashboard, checked by Prometheus' own promtool: syntax, and each alert on the series that should raise it. */
class PrometheusRulesIT {
    @Test void theAlertsAreValidAndPassTheirUnitTests() throws Exception {
        Promtool.Run check = Promtool.run(null, "check", "rules", Promtool.ALERTS.toString());
        assertEquals(0, check.exit(), check.output());
        Promtool.Run test = Promtool.run(null, "test", "rules", Promtool.ALERT_TESTS.toString());
        assertEquals(0, test.exit(), test.output());
        assertTrue(test.output().contains("SUCCESS"), test.output());
    }

    @Test void aBrokenAlertFailsItsUnitTest(@TempDir Path dir) throws Exception {
        // the check can fail: the same tests against alerts whose threshold moved
        Files.writeString(dir.resolve("jrss-alerts.yml"), Files.readString(Promtool.ALERTS).replace("> 0.9", "> 0.99"));
        Files.writeString(dir.resolve("jrss-alerts.test.yml"), Files.readString(Promtool.ALERT_TESTS));
        Promtool.Run test = Promtool.run(null, "test", "rules", dir.resolve("jrss-alerts.test.yml").toString());
        assertEquals(1, test.exit(), test.output());
    }

    @Test void everyDashboardQueryIsPromQl(@TempDir Path dir) throws Exception {
        List<String> queries = Promtool.dashboardQueries();
        assertTrue(queries.size() >= 20, "queries found: " + queries.size());
        StringBuilder rules = new StringBuilder("groups:\n  - name: dashboard\n    rules:\n");
        for (int i = 0; i < queries.size(); i++) {
            rules.append("      - record: jrss:dashboard_query_").append(i).append("\n        expr: '").append(queries.get(i).replace("'", "''")).append("'\n");
        }
        Path file = Files.writeString(dir.resolve("dashboard-queries.yml"), rules);
        Promtool.Run check = Promtool.run(null, "check", "rules", file.toString());
        assertEquals(0, check.exit(), check.output());
        Files.writeString(file, rules.toString().replace("[1h]", "[1h"));
        assertEquals(1, Promtool.run(null, "check", "rules", file.toString()).exit(), "a broken query fails the check");
    }
}
