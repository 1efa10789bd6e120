#!/usr/bin/env bash
# Makes the six demo practice clips in public/video (12 s, 640x360, a two-tone chord, a clock and a
# moving marker so a resumed position is visible): VP9/Opus WebM and H.264/AAC MP4 for Safari.
# Needs Debian's ffmpeg and fonts-dejavu-core. The outputs are committed; run this only to change them.
set -euo pipefail
cd "$(dirname "$0")/../../public/video"
FONT=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
colors=(1C1C25 2F8370 3A2E6B 7A2E2E 1F4E79 5A4A1A)
notes=(261.63 293.66 329.63 349.23 392.00 440.00)
names=("Warm-up" "Technique" "Listening" "Rhythm" "Practice" "Play-along")
for i in 0 1 2 3 4 5; do
  n=$((i + 1)); c=${colors[$i]}; f=${notes[$i]}; fifth=$(python3 -c "print(round($f*1.5,2))")
  ffmpeg -loglevel error -y -f lavfi -i "color=c=0x$c:s=640x360:d=12:r=24" -f lavfi -i "color=c=0xFAE26A:s=16x16:d=12:r=24" \
    -f lavfi -i "sine=f=$f:d=12:sample_rate=48000" -f lavfi -i "sine=f=$fifth:d=12:sample_rate=48000" \
    -filter_complex "[2][3]amix=inputs=2,volume=0.3[a];[0]drawtext=fontfile=$FONT:text='Studio practice clip $n':fontcolor=0xFAE26A:fontsize=34:x=(w-tw)/2:y=h/2-70,drawtext=fontfile=$FONT:text='${names[$i]}':fontcolor=white:fontsize=26:x=(w-tw)/2:y=h/2-20,drawtext=fontfile=$FONT:text='%{pts\:hms}':fontcolor=white:fontsize=28:x=(w-tw)/2:y=h/2+40,drawbox=x=40:y=310:w=560:h=8:color=white@0.35:t=fill[bg];[bg][1]overlay=x='40+544*t/12':y=306[v]" \
    -map "[v]" -map "[a]" -t 12 -c:v libvpx-vp9 -b:v 110k -crf 40 -row-mt 1 -deadline good -cpu-used 4 -c:a libopus -b:a 32k "lesson-$n.webm"
  ffmpeg -loglevel error -y -i "lesson-$n.webm" -c:v libx264 -profile:v baseline -pix_fmt yuv420p -preset slow -crf 32 -c:a aac -b:a 48k -movflags +faststart "lesson-$n.mp4"
done
