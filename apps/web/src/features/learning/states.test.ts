import { catalogLimits, type LectureState, lectureStates } from "@aprendo/contract";
import { describe, expect, it } from "vitest";
import { flattenOutline, previousPublished, questionBounds, questionProblem, stateLook } from "./states";

describe("lecture states", () => {
  it("opens only lectures the learner may watch", () => {
    const opening = lectureStates.filter((s) => stateLook(s).opens);
    expect(opening).toEqual(["to_start", "in_progress", "completed", "quiz_passed"]);
  });

  it("says the spec's messages for lectures that do not open", () => {
    expect(stateLook("locked")).toMatchObject({
      label: "states.locked",
      message: "lecture.locked",
      icon: "lock",
    });
    expect(stateLook("not_published")).toMatchObject({ message: "lecture.notPublished" });
    expect(stateLook("coming_soon")).toMatchObject({ message: "lecture.comingSoon", tone: "info" });
    expect(stateLook("not_enrolled")).toMatchObject({ message: "catalog.notEnrolled", opens: false });
  });

  it("labels each state with its own badge", () => {
    expect(stateLook("to_start").label).toBe("states.toStart");
    expect(stateLook("in_progress")).toMatchObject({ label: "states.inProgress", tone: "warning" });
    expect(stateLook("completed")).toMatchObject({ label: "states.completed", tone: "success" });
    expect(stateLook("quiz_passed")).toMatchObject({ label: "states.quizPassed", icon: "award" });
    const labels = new Set(lectureStates.map((s) => stateLook(s).label));
    expect(labels.size).toBe(lectureStates.length);
  });

  it("lets a guest play a preview lecture", () => {
    expect(stateLook("not_enrolled", { isPreview: true })).toMatchObject({
      opens: true,
      label: "states.preview",
    });
  });

  type L = { id: number; state: LectureState };
  const lecture = (id: number, state: LectureState): L => ({ id, state });
  const outline = [
    {
      modules: [
        { lectures: [lecture(1, "completed"), lecture(2, "not_published")] },
        { lectures: [lecture(3, "locked")] },
      ],
    },
    { modules: [{ lectures: [lecture(4, "locked")] }] },
  ];

  it("walks the outline in order and finds the lecture a locked one waits for", () => {
    const lectures = flattenOutline(outline);
    expect(lectures.map((l) => l.id)).toEqual([1, 2, 3, 4]);
    expect(previousPublished(lectures, 3)?.id).toBe(1);
    expect(previousPublished(lectures, 4)?.id).toBe(3);
    expect(previousPublished(lectures, 1)).toBeNull();
  });
});

describe("lecture questions", () => {
  it("uses the contract's bounds", () => {
    expect(questionBounds).toEqual({
      min: catalogLimits.lectureQuestionMin,
      max: catalogLimits.lectureQuestionMax,
    });
  });

  it("asks for text, then for enough of it, then not too much", () => {
    expect(questionProblem("   ")).toBe("validation.required");
    expect(questionProblem("Too short")).toBe("lecture.questionTooShort?min=10");
    expect(questionProblem("Is this long enough?")).toBeNull();
    expect(questionProblem("a".repeat(1_001))).toBe("lecture.questionTooLong?max=1000");
  });
});
